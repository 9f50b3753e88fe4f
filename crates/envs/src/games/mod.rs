//! Games solved exactly: impartial take-away games by the Sprague–Grundy theorem (`nim`) and
//! tic-tac-toe by full search (`tictactoe`). Any optimal move is accepted, checked by the game's
//! own rules and solution, never against one stored move.

pub mod nim;
pub mod tictactoe;
