//! Moves as a graph of their steps, equal parts written once.
//!
//! A move's gesture is a list of steps: each of its cells, then each piece it takes from the
//! hand, then its choice. A cell is given from the cell before it in the move (the first from
//! `0,0`), so that the steps after a cell read the same wherever the cell is: Q!nto's lines of
//! tiles from one cell and from another share their continuations, and Taiji's second halves
//! ("one cell to the right") are the same few nodes for every first half. The moves make a
//! tree of steps, each path from the root to a node marked as an end being a move, and the end
//! saying the move's notation form (a play of two tiles ends where one of three goes on); equal
//! subtrees are written once.
//!
//! The graph is one string of numbers ([`super::digits`]), node after node, each node after
//! those it leads to, the root last: the node's number of edges times 2, plus 1 if a move ends
//! there, then its form if so; then each edge: its step, and how many nodes back the node it
//! leads to was written (0: a node with no edge where a move ends, not written, whose form
//! follows). A step is a number, 4 × index + kind (kind 0: a cell, index 0; 1: a hand piece
//! put on a cell, index its token's; 2: a hand piece that goes on no cell, index its token's;
//! 3: the choice, index its own), then, for a cell, one number for its column and row from the
//! cell before (each folded as [`super::digits`] folds signs, then paired:
//! `(a + b)(a + b + 1) / 2 + b`, so that a neighbour is one character).
//!
//! A move's notation is its form's template: text, and numbers that stand for the parts of the
//! move itself ([`parts`]): each cell's name as the board games here write it (`c3`, or none
//! off their boards) and as `x,y`, each hand piece's token and its cell's two names, the
//! choice's token. Quantik's `Ca1` is `[2, 0]` (the choice's token, the cell's name), Taiji's
//! `a1-b1` is `[0, "-", 2]`, Q!nto's `swap RH@2,1` is `["swap ", 0, "@", 2]`.

use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};
use tabuleiro_core::{Cell, Choice, Gesture, Placement};

use super::digits::{self, Reader};

/// One step of a gesture, its cell (if any) from the cell of the step before.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Step {
    /// A cell pointed at.
    Cell {
        /// Rows down from the cell before.
        dy: i32,
        /// Columns right from the cell before.
        dx: i32,
    },
    /// A piece of the hand put on a cell.
    Placed {
        /// Its token's index.
        token: usize,
        /// Rows down from the cell before.
        dy: i32,
        /// Columns right from the cell before.
        dx: i32,
    },
    /// A piece of the hand that goes on no cell (a traded tile).
    Held {
        /// Its token's index.
        token: usize,
    },
    /// The move's choice.
    Choice {
        /// Its index.
        index: usize,
    },
}

/// Farthest a cell may be from the cell before to be a step (its pair of numbers stays
/// exact in the page).
const FARTHEST: i32 = 1 << 20;

/// The steps of `gesture`, its tokens and choice given by index (`token`, `choice`); none
/// when a cell is too far from the one before.
pub fn steps<'a>(
    gesture: &'a Gesture,
    mut token: impl FnMut(&'a str) -> usize,
    mut choice: impl FnMut(&'a Choice) -> usize,
) -> Option<Vec<Step>> {
    let mut at = Cell::new(0, 0);
    let mut far = false;
    let mut from = |cell: Cell| {
        let step = (cell.x.wrapping_sub(at.x), cell.y.wrapping_sub(at.y));
        far |= !(-FARTHEST..FARTHEST).contains(&step.0) || !(-FARTHEST..FARTHEST).contains(&step.1);
        at = cell;
        step
    };
    let mut steps: Vec<Step> = Vec::new();
    for &cell in &gesture.cells {
        let (dx, dy) = from(cell);
        steps.push(Step::Cell { dy, dx });
    }
    for piece in &gesture.pieces {
        let index = token(&piece.token);
        steps.push(match piece.cell {
            Some(cell) => {
                let (dx, dy) = from(cell);
                Step::Placed {
                    token: index,
                    dy,
                    dx,
                }
            }
            None => Step::Held { token: index },
        });
    }
    if let Some(c) = &gesture.choice {
        steps.push(Step::Choice { index: choice(c) });
    }
    (!far).then_some(steps)
}

/// The gesture of `steps`, its tokens and choices taken from `tokens` and `choices`.
///
/// # Errors
/// An index beyond its list.
pub fn gesture(steps: &[Step], tokens: &[String], choices: &[Choice]) -> Result<Gesture, String> {
    let mut at = Cell::new(0, 0);
    let token = |k: usize| {
        tokens
            .get(k)
            .cloned()
            .ok_or_else(|| format!("no token {k}"))
    };
    let mut gesture = Gesture::cells(Vec::new());
    for step in steps {
        match *step {
            Step::Cell { dy, dx } => {
                at = Cell::new(at.x.wrapping_add(dx), at.y.wrapping_add(dy));
                gesture.cells.push(at);
            }
            Step::Placed { token: k, dy, dx } => {
                at = Cell::new(at.x.wrapping_add(dx), at.y.wrapping_add(dy));
                gesture.pieces.push(Placement {
                    token: token(k)?,
                    cell: Some(at),
                });
            }
            Step::Held { token: k } => gesture.pieces.push(Placement {
                token: token(k)?,
                cell: None,
            }),
            Step::Choice { index } => {
                gesture.choice = Some(
                    choices
                        .get(index)
                        .cloned()
                        .ok_or_else(|| format!("no choice {index}"))?,
                );
            }
        }
    }
    Ok(gesture)
}

/// The texts a notation may be made of: for each cell of `gesture`, its name as the board
/// games here write it (`a1` for `0,0`; empty off such boards) and `x,y`; for each hand piece,
/// its token and its cell's two names (none for a piece that goes on no cell); the choice's
/// token.
pub fn parts(gesture: &Gesture) -> Vec<String> {
    // Written by hand: `format!` was most of what a position's moves cost here.
    let names = |cell: Cell| {
        let mut letter = String::new();
        if let (Ok(x), Ok(y)) = (u8::try_from(cell.x), u64::try_from(cell.y))
            && x < 26
        {
            letter.push(char::from(b'a' + x));
            push_number(&mut letter, i64::try_from(y + 1).unwrap_or(i64::MAX));
        }
        let mut pair = String::new();
        push_number(&mut pair, i64::from(cell.x));
        pair.push(',');
        push_number(&mut pair, i64::from(cell.y));
        [letter, pair]
    };
    let mut parts = Vec::new();
    for &cell in &gesture.cells {
        parts.extend(names(cell));
    }
    for piece in &gesture.pieces {
        parts.push(piece.token.clone());
        if let Some(cell) = piece.cell {
            parts.extend(names(cell));
        }
    }
    if let Some(choice) = &gesture.choice {
        parts.push(choice.token.clone());
    }
    parts
}

/// Appends `n` in decimal.
fn push_number(out: &mut String, n: i64) {
    if n < 0 {
        out.push('-');
    }
    let mut digits = [0_u8; 20];
    let mut at = digits.len();
    let mut rest = n.unsigned_abs();
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    for &d in &digits[at..] {
        out.push(char::from(d));
    }
}

/// A piece of a template: text, or the part of the move with this index.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Bit {
    /// A part of the move ([`parts`]).
    Part(usize),
    /// Text as it is.
    Text(String),
}

/// `notation` as a template over `parts`: read from the left, each longest part not used yet
/// that the rest begins with stands for itself; the other characters are text.
pub fn template(notation: &str, parts: &[String]) -> Vec<Bit> {
    let mut used = vec![false; parts.len()];
    let mut bits = Vec::new();
    let mut text = String::new();
    let mut rest = notation;
    while let Some(next) = rest.chars().next() {
        let found = parts
            .iter()
            .enumerate()
            .filter(|(k, part)| !used[*k] && !part.is_empty() && rest.starts_with(part.as_str()))
            .max_by_key(|(k, part)| (part.len(), std::cmp::Reverse(*k)));
        if let Some((k, part)) = found {
            if !text.is_empty() {
                bits.push(Bit::Text(std::mem::take(&mut text)));
            }
            bits.push(Bit::Part(k));
            used[k] = true;
            rest = &rest[part.len()..];
        } else {
            text.push(next);
            rest = &rest[next.len_utf8()..];
        }
    }
    if !text.is_empty() {
        bits.push(Bit::Text(text));
    }
    bits
}

/// The notation `template` gives over `parts`.
///
/// # Errors
/// A part the move does not have.
pub fn render(template: &[Bit], parts: &[String]) -> Result<String, String> {
    let mut out = String::new();
    for bit in template {
        match bit {
            Bit::Text(text) => out.push_str(text),
            Bit::Part(k) => out.push_str(
                parts
                    .get(*k)
                    .ok_or_else(|| format!("the move has no part {k}"))?,
            ),
        }
    }
    Ok(out)
}

/// The moves as they are added: a tree of steps, its root node 0.
pub struct Tree {
    nodes: Vec<TreeNode>,
}

#[derive(Default)]
struct TreeNode {
    /// The form of the move that ends here, if one does.
    end: Option<usize>,
    edges: FxHashMap<Step, usize>,
}

impl Tree {
    /// A tree with no move.
    pub fn new() -> Self {
        Tree {
            nodes: vec![TreeNode::default()],
        }
    }

    /// Adds the move of `steps`, of notation form `form`; false when a move of these steps is
    /// there already.
    pub fn add(&mut self, steps: &[Step], form: usize) -> bool {
        let mut at = 0;
        for step in steps {
            at = if let Some(&next) = self.nodes[at].edges.get(step) {
                next
            } else {
                self.nodes.push(TreeNode::default());
                let next = self.nodes.len() - 1;
                self.nodes[at].edges.insert(*step, next);
                next
            };
        }
        let end = &mut self.nodes[at].end;
        if end.is_some() {
            return false;
        }
        *end = Some(form);
        true
    }
}

/// A node as written: the form of the move that ends there, if one does, and its edges in
/// order, each to a node written before or to a bare end of a form.
type Key = (Option<usize>, Vec<(Step, Next)>);

/// Where an edge leads: a node, or a node with no edge where a move of a form ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Next {
    /// The node of this index.
    Node(usize),
    /// A bare end of this form.
    End(usize),
}

/// A tree written as a graph, equal nodes once.
#[derive(Default)]
pub struct Graph {
    digits: String,
    written: FxHashMap<Key, usize>,
}

impl Graph {
    /// Writes `tree`, its root last; gives the graph's string.
    pub fn write(tree: &Tree) -> String {
        let mut graph = Graph::default();
        if let Next::End(form) = graph.node(tree, 0) {
            // A root with no edge: the one move of no step.
            graph.put((Some(form), Vec::new()));
        }
        graph.digits
    }

    fn node(&mut self, tree: &Tree, at: usize) -> Next {
        let node = &tree.nodes[at];
        let mut order: Vec<(Step, usize)> = node.edges.iter().map(|(s, &n)| (*s, n)).collect();
        order.sort_unstable_by_key(|(step, _)| *step);
        let edges: Vec<(Step, Next)> = order
            .into_iter()
            .map(|(step, next)| (step, self.node(tree, next)))
            .collect();
        match (edges.is_empty(), node.end) {
            (true, Some(form)) => return Next::End(form),
            // Only the root of no move at all.
            (true, None) => return Next::End(0),
            _ => {}
        }
        let key = (node.end, edges);
        match self.written.get(&key) {
            Some(&known) => Next::Node(known),
            None => Next::Node(self.put(key)),
        }
    }

    fn put(&mut self, key: Key) -> usize {
        let index = self.written.len();
        let (end, edges) = &key;
        let out = &mut self.digits;
        digits::write_unsigned(out, 2 * edges.len() as u64 + u64::from(end.is_some()));
        if let Some(form) = end {
            digits::write_unsigned(out, *form as u64);
        }
        for (step, next) in edges {
            write_step(out, *step);
            match next {
                Next::Node(n) => digits::write_unsigned(out, (index - n) as u64),
                Next::End(form) => {
                    digits::write_unsigned(out, 0);
                    digits::write_unsigned(out, *form as u64);
                }
            }
        }
        self.written.insert(key, index);
        index
    }
}

/// Two whole numbers as one (Cantor's pairing), small when both are.
fn pair(a: u64, b: u64) -> u64 {
    (a + b) * (a + b + 1) / 2 + b
}

/// The two numbers of [`pair`].
fn unpair(p: u64) -> (u64, u64) {
    let mut w = ((8 * p + 1).isqrt() - 1) / 2;
    while w * (w + 1) / 2 > p {
        w -= 1;
    }
    let b = p - w * (w + 1) / 2;
    (w - b, b)
}

/// A signed number folded onto the unsigned ones, as [`super::digits`] folds them.
fn fold(n: i32) -> u64 {
    if n >= 0 {
        u64::from(n.unsigned_abs()) * 2
    } else {
        u64::from(n.unsigned_abs()) * 2 - 1
    }
}

fn unfold(z: u64) -> Result<i32, String> {
    let half = i32::try_from(z / 2).map_err(|_| "a cell too far".to_owned())?;
    Ok(if z.is_multiple_of(2) { half } else { -half - 1 })
}

fn write_step(out: &mut String, step: Step) {
    let (kind, index, cell) = match step {
        Step::Cell { dy, dx } => (0, 0, Some((dx, dy))),
        Step::Placed { token, dy, dx } => (1, token, Some((dx, dy))),
        Step::Held { token } => (2, token, None),
        Step::Choice { index } => (3, index, None),
    };
    digits::write_unsigned(out, 4 * index as u64 + kind);
    if let Some((dx, dy)) = cell {
        digits::write_unsigned(out, pair(fold(dx), fold(dy)));
    }
}

/// A node as read: the form of the move that ends there, if one does, and its edges.
pub struct Node {
    end: Option<usize>,
    edges: Vec<(Step, Next)>,
}

/// Reads a graph's string; its root is the last node.
///
/// # Errors
/// Not such a string, or an edge to a node not written before.
pub fn read(text: &str) -> Result<Vec<Node>, String> {
    let mut reader = Reader::new(text);
    let mut nodes: Vec<Node> = Vec::new();
    while !reader.done() {
        let head = reader.index()?;
        let end = if head % 2 == 1 {
            Some(reader.index()?)
        } else {
            None
        };
        let mut edges = Vec::with_capacity((head / 2).min(1024));
        for _ in 0..head / 2 {
            let step = read_step(&mut reader)?;
            let next = match reader.index()? {
                0 => Next::End(reader.index()?),
                b if b <= nodes.len() => Next::Node(nodes.len() - b),
                b => return Err(format!("an edge {b} nodes back from node {}", nodes.len())),
            };
            edges.push((step, next));
        }
        nodes.push(Node { end, edges });
    }
    Ok(nodes)
}

fn read_step(reader: &mut Reader<'_>) -> Result<Step, String> {
    let head = reader.index()?;
    let index = head / 4;
    let mut cell = || -> Result<(i32, i32), String> {
        let (a, b) = unpair(reader.unsigned()?);
        Ok((unfold(a)?, unfold(b)?))
    };
    Ok(match head % 4 {
        0 => {
            let (dx, dy) = cell()?;
            Step::Cell { dy, dx }
        }
        1 => {
            let (dx, dy) = cell()?;
            Step::Placed {
                token: index,
                dy,
                dx,
            }
        }
        2 => Step::Held { token: index },
        _ => Step::Choice { index },
    })
}

/// Calls `each` with the steps and the form of every move of the graph `nodes`, in order: a
/// node's own move, then those along its edges in turn, visiting at most `limit` nodes (a
/// graph can hold more paths than a position has moves).
///
/// # Errors
/// More than `limit` nodes, or the error of `each`.
pub fn walk(
    nodes: &[Node],
    limit: usize,
    each: &mut impl FnMut(&[Step], usize) -> Result<(), String>,
) -> Result<(), String> {
    fn visit(
        nodes: &[Node],
        at: Next,
        path: &mut Vec<Step>,
        left: &mut usize,
        each: &mut impl FnMut(&[Step], usize) -> Result<(), String>,
    ) -> Result<(), String> {
        *left = left
            .checked_sub(1)
            .ok_or_else(|| "more moves than a position has".to_owned())?;
        let node = match at {
            Next::End(form) => return each(path, form),
            Next::Node(at) => &nodes[at],
        };
        if let Some(form) = node.end {
            each(path, form)?;
        }
        for (step, next) in &node.edges {
            path.push(*step);
            visit(nodes, *next, path, left, each)?;
            path.pop();
        }
        Ok(())
    }
    let mut left = limit;
    match nodes.len().checked_sub(1) {
        Some(root) => visit(nodes, Next::Node(root), &mut Vec::new(), &mut left, each),
        None => Ok(()),
    }
}
