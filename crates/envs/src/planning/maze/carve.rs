//! Maze construction and search: a perfect maze carved by a randomized depth-first search, loops
//! opened by removing some remaining walls, and breadth-first search for the shortest path.

use std::collections::VecDeque;

use verigym_core::rng::ProblemRng;

/// A move: `(row delta, column delta, letter)`, in the fixed order BFS expands them.
pub const MOVES: [(i32, i32, u8); 4] = [(-1, 0, b'U'), (1, 0, b'D'), (0, -1, b'L'), (0, 1, b'R')];

/// A grid of squares, row-major; `true` is a wall.
pub struct Grid {
    pub rows: usize,
    pub cols: usize,
    pub wall: Vec<bool>,
}

impl Grid {
    /// Carves a maze of `width` × `height` cells into a (2·height + 1) × (2·width + 1) grid: cells
    /// sit at odd coordinates, the border is wall, and then `loop_percent` of the interior walls
    /// still standing between two cells are removed.
    pub fn carve(width: usize, height: usize, loop_percent: u32, rng: &mut ProblemRng) -> Grid {
        let (rows, cols) = (2 * height + 1, 2 * width + 1);
        let mut g = Grid {
            rows,
            cols,
            wall: vec![true; rows * cols],
        };
        let cell = |x: usize, y: usize| (2 * y + 1) * cols + 2 * x + 1;
        let mut visited = vec![false; width * height];
        let first = rng.index(width * height);
        visited[first] = true;
        g.wall[cell(first % width, first / width)] = false;
        let mut stack = vec![first];
        while let Some(&at) = stack.last() {
            let (x, y) = (at % width, at / width);
            let mut open = Vec::with_capacity(4);
            if y > 0 && !visited[at - width] {
                open.push(at - width);
            }
            if y + 1 < height && !visited[at + width] {
                open.push(at + width);
            }
            if x > 0 && !visited[at - 1] {
                open.push(at - 1);
            }
            if x + 1 < width && !visited[at + 1] {
                open.push(at + 1);
            }
            if open.is_empty() {
                stack.pop();
                continue;
            }
            let next = *rng.choose(&open);
            visited[next] = true;
            let (nx, ny) = (next % width, next / width);
            g.wall[cell(nx, ny)] = false;
            // The square between the two cells.
            g.wall[(y + ny + 1) * cols + x + nx + 1] = false;
            stack.push(next);
        }
        // Interior walls between two cells: odd row and even column, or even row and odd column.
        let mut between: Vec<usize> = (1..rows - 1)
            .flat_map(|r| (1..cols - 1).map(move |c| (r, c)))
            .filter(|&(r, c)| (r % 2 == 1) != (c % 2 == 1))
            .map(|(r, c)| r * cols + c)
            .filter(|&i| g.wall[i])
            .collect();
        let remove = between.len() * loop_percent as usize / 100;
        for i in 0..remove {
            let j = i + rng.index(between.len() - i);
            between.swap(i, j);
            g.wall[between[i]] = false;
        }
        g
    }

    /// BFS distances from `from` (`u32::MAX` for walls and unreached squares) and the move that
    /// first reached each square.
    pub fn bfs(&self, from: usize) -> (Vec<u32>, Vec<u8>) {
        let mut dist = vec![u32::MAX; self.wall.len()];
        let mut via = vec![0u8; self.wall.len()];
        dist[from] = 0;
        let mut queue = VecDeque::from([from]);
        while let Some(at) = queue.pop_front() {
            let (r, c) = ((at / self.cols) as i32, (at % self.cols) as i32);
            for (dr, dc, letter) in MOVES {
                let (nr, nc) = (r + dr, c + dc);
                if nr < 0 || nc < 0 || nr >= self.rows as i32 || nc >= self.cols as i32 {
                    continue;
                }
                let next = nr as usize * self.cols + nc as usize;
                if !self.wall[next] && dist[next] == u32::MAX {
                    dist[next] = dist[at] + 1;
                    via[next] = letter;
                    queue.push_back(next);
                }
            }
        }
        (dist, via)
    }

    /// The moves of the BFS path to `to`, given `bfs`'s output.
    pub fn path(&self, via: &[u8], dist: &[u32], to: usize) -> String {
        let mut letters = Vec::with_capacity(dist[to] as usize);
        let mut at = to;
        while dist[at] > 0 {
            let letter = via[at];
            letters.push(letter);
            let &(dr, dc, _) = MOVES.iter().find(|m| m.2 == letter).expect("a move letter");
            let (r, c) = ((at / self.cols) as i32 - dr, (at % self.cols) as i32 - dc);
            at = r as usize * self.cols + c as usize;
        }
        letters.reverse();
        String::from_utf8(letters).expect("ASCII letters")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_perfect_maze_connects_every_cell_and_has_no_loop() {
        let mut rng = ProblemRng::from_test_seed(4);
        let g = Grid::carve(6, 5, 0, &mut rng);
        let open = g.wall.iter().filter(|&&w| !w).count();
        // A spanning tree on 30 cells: 30 cells and 29 passages.
        assert_eq!(open, 30 + 29);
        let (dist, _) = g.bfs(g.cols + 1);
        assert_eq!(dist.iter().filter(|&&d| d != u32::MAX).count(), open);
    }
}
