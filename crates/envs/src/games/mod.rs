//! Games: impartial games solved exactly by the Sprague–Grundy theorem, where any optimal move is
//! accepted and checked by the game's own rules, never against one stored move.

pub mod nim;
