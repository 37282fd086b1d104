//! What `parlor play` shows, as plain data, and how it is drawn.
//!
//! Every game describes its table as a [`Screen`] (seats, the cards on the table, your
//! hand, the moves you may make now, the score, a log), and one drawing function lays it
//! out the same way for all five games: the score on the top line (always in view), the
//! other players around the table, you at the bottom, your moves under your hand, the
//! log below. Keeping the screen as data lets the games be tested without a terminal.

use ratatui::layout::{Alignment, Constraint, Direction, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;

/// One player at the table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Seat {
    pub name: String,
    /// A short note: cards held, "CPU", a rank, the points of a seat.
    pub info: String,
    /// The game waits for this player.
    pub turn: bool,
    /// What this player put on the table in the current trick or round.
    pub played: Option<String>,
}

/// A move the player may make now, chosen with its key or with the arrows and Enter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub key: char,
    pub label: String,
}

impl Choice {
    pub fn new(key: char, label: impl Into<String>) -> Choice {
        Choice {
            key,
            label: label.into(),
        }
    }
}

/// Keys given to choices in order: digits, then letters not used for actions.
pub const CARD_KEYS: &str = "123456789abcdeghijklmnopruvwxyz";

/// The whole screen of one game at one moment.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Screen {
    /// The game and where we are in it ("miniTruco · room 3").
    pub title: String,
    /// The score, always on the top line.
    pub score: String,
    /// Everyone at the table, starting with this player (drawn at the bottom), then in
    /// playing order.
    pub seats: Vec<Seat>,
    /// What lies on the table besides the played cards (vira, trumpf, dora, the last play).
    pub table: Vec<String>,
    /// This player's hand, as text.
    pub hand: String,
    /// What the game waits for from this player, if anything (shown as "Your move: ...").
    pub prompt: Option<String>,
    /// The moves open now; empty while there is nothing to decide.
    pub choices: Vec<Choice>,
    /// The choice Enter makes before the arrows move it.
    pub suggested: usize,
    /// What happened lately, oldest first.
    pub log: Vec<String>,
    /// The game's result once it is over.
    pub over: Option<String>,
}

/// How many log lines a game keeps.
pub const LOG_LINES: usize = 12;

/// A Truco card code (`Kc`, `10e`: rank, then `c` hearts, `o` diamonds, `e` spades, `p`
/// clubs, the protocols' Portuguese suit letters) with its suit's symbol (`K♥`, `10♠`);
/// anything else unchanged.
pub fn truco_card(code: &str) -> String {
    let Some(letter) = code.chars().last() else {
        return String::new();
    };
    let symbol = match letter.to_ascii_lowercase() {
        'c' => '♥',
        'o' => '♦',
        'e' => '♠',
        'p' => '♣',
        _ => return code.to_owned(),
    };
    format!("{}{symbol}", &code[..code.len() - 1])
}

/// Text another player chose (a name, a chat line, an error) without what could draw on
/// our screen: control characters and bidirectional overrides. (ratatui also skips control
/// characters when it draws; this keeps them out of what the clients parse, log and print
/// after the screen is restored.)
pub fn printable(text: &str) -> String {
    text.chars()
        .filter(|&c| {
            !c.is_control() && !matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
        })
        .collect()
}

/// Appends `line` to `log`, keeping the last [`LOG_LINES`].
pub fn push_log(log: &mut Vec<String>, line: impl Into<String>) {
    log.push(line.into());
    if log.len() > LOG_LINES {
        log.remove(0);
    }
}

/// Draws `screen` with choice `selected` highlighted; `status` is the client's own line
/// (connection closed, keys).
pub fn draw(frame: &mut Frame, screen: &Screen, selected: usize, status: &str) {
    let area = frame.area();
    let rows = Layout::default()
        .direction(Direction::Vertical)
        .constraints([
            Constraint::Length(1), // title and score
            Constraint::Length(table_rows(screen, area.width)),
            Constraint::Length(3), // your hand
            Constraint::Length(choice_rows(screen, area.width)),
            Constraint::Min(3), // log
            Constraint::Length(1),
        ])
        .split(area);
    let bold = Style::default().add_modifier(Modifier::BOLD);
    let top = Line::from(vec![
        Span::styled(screen.title.clone(), bold),
        Span::raw("   "),
        Span::styled(screen.score.clone(), Style::default().fg(Color::Yellow)),
    ]);
    frame.render_widget(Paragraph::new(top), rows[0]);
    draw_table(frame, screen, rows[1]);
    let hand = Paragraph::new(suited(&screen.hand))
        .wrap(Wrap { trim: true })
        .block(Block::default().borders(Borders::TOP).title("Your hand"));
    frame.render_widget(hand, rows[2]);
    frame.render_widget(choices(screen, selected), rows[3]);
    let log: Vec<Line> = screen.log.iter().map(|l| Line::raw(l.clone())).collect();
    let skip = log
        .len()
        .saturating_sub(rows[4].height.saturating_sub(1) as usize);
    let log = Paragraph::new(log[skip..].to_vec())
        .wrap(Wrap { trim: true })
        .block(Block::default().borders(Borders::TOP).title("Log"));
    frame.render_widget(log, rows[4]);
    let footer = Paragraph::new(status.to_owned()).style(Style::default().fg(Color::DarkGray));
    frame.render_widget(footer, rows[5]);
}

/// Rows for the table: its middle lines (wrapped in the middle half), with the seats
/// above and below; never less than 12 nor more than 24.
fn table_rows(screen: &Screen, width: u16) -> u16 {
    let middle = usize::from(width / 2).max(10);
    let lines: usize = screen
        .table
        .iter()
        .map(|l| l.chars().count() / middle + 1)
        .sum();
    // Three lines of seats above and below, and the border.
    (lines as u16 + 8).clamp(12, 24)
}

/// Rows for the prompt and its choices at this width.
fn choice_rows(screen: &Screen, width: u16) -> u16 {
    let text: usize = screen.choices.iter().map(|c| c.label.len() + 6).sum();
    let lines = text / usize::from(width.max(20)) + 1;
    (lines as u16 + 2).min(8)
}

/// The prompt line and the choices, the selected one reversed.
fn choices(screen: &Screen, selected: usize) -> Paragraph<'static> {
    let mut lines = Vec::new();
    let headline = match (&screen.over, &screen.prompt) {
        (Some(over), _) => Span::styled(
            format!("Game over: {over}"),
            Style::default().add_modifier(Modifier::BOLD),
        ),
        (None, Some(prompt)) => Span::styled(
            format!("Your move: {prompt}"),
            Style::default()
                .fg(Color::Green)
                .add_modifier(Modifier::BOLD),
        ),
        (None, None) => Span::raw("Waiting for the others..."),
    };
    lines.push(Line::from(headline));
    let mut spans = Vec::new();
    for (i, choice) in screen.choices.iter().enumerate() {
        let style = if i == selected {
            Style::default().add_modifier(Modifier::REVERSED)
        } else {
            Style::default()
        };
        // Non-breaking spaces inside a choice: a line wraps between choices, never
        // between a key and its label.
        spans.push(Span::styled(
            format!("[{}] {}", choice.key, choice.label).replace(' ', "\u{a0}"),
            style,
        ));
        spans.push(Span::raw("  "));
    }
    lines.push(Line::from(spans));
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .block(Block::default().borders(Borders::TOP))
}

/// The seats around the table: the player across at the top, the ones beside on the
/// left and right (more players share the top row), you at the bottom, and the table's
/// own lines in the middle.
fn draw_table(frame: &mut Frame, screen: &Screen, area: Rect) {
    let block = Block::default().borders(Borders::ALL).title("Table");
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let rows = Layout::default()
        .direction(Direction::Vertical)
        .constraints([
            Constraint::Length(3),
            Constraint::Min(1),
            Constraint::Length(3),
        ])
        .split(inner);
    let middle = Layout::default()
        .direction(Direction::Horizontal)
        .constraints([
            Constraint::Percentage(25),
            Constraint::Percentage(50),
            Constraint::Percentage(25),
        ])
        .split(rows[1]);
    let (me, others) = match screen.seats.split_first() {
        Some((me, others)) => (Some(me), others),
        None => (None, &[][..]),
    };
    // In playing order after us: the next player sits on the right... for four players
    // that is right, across, left; other counts put everyone but us across the top.
    let (left, top, right): (Option<&Seat>, Vec<&Seat>, Option<&Seat>) = match others {
        [right, across, left] => (Some(left), vec![across], Some(right)),
        [right, left] => (Some(left), vec![], Some(right)),
        all => (None, all.iter().collect(), None),
    };
    let top_cells = Layout::default()
        .direction(Direction::Horizontal)
        .constraints(vec![
            Constraint::Ratio(1, top.len().max(1) as u32);
            top.len().max(1)
        ])
        .split(rows[0]);
    for (seat, cell) in top.iter().zip(top_cells.iter()) {
        frame.render_widget(seat_text(seat).alignment(Alignment::Center), *cell);
    }
    if let Some(left) = left {
        frame.render_widget(seat_text(left), middle[0]);
    }
    if let Some(right) = right {
        frame.render_widget(seat_text(right).alignment(Alignment::Right), middle[2]);
    }
    let table: Vec<Line> = screen.table.iter().map(|l| suited(l)).collect();
    let table = Paragraph::new(table)
        .alignment(Alignment::Center)
        .wrap(Wrap { trim: true });
    frame.render_widget(table, middle[1]);
    if let Some(me) = me {
        frame.render_widget(seat_text(me).alignment(Alignment::Center), rows[2]);
    }
}

/// A seat as three lines: the name (marked when it is their turn), the note, and what
/// they played; each wraps in its cell instead of being cut.
fn seat_text(seat: &Seat) -> Paragraph<'static> {
    let style = if seat.turn {
        Style::default()
            .fg(Color::Green)
            .add_modifier(Modifier::BOLD)
    } else {
        Style::default()
    };
    let marker = if seat.turn { "▶ " } else { "  " };
    let name = Line::from(Span::styled(format!("{marker}{}", seat.name), style));
    let info = Line::raw(seat.info.clone());
    let mut played = suited(&seat.played.clone().unwrap_or_default());
    played = played.style(Style::default().add_modifier(Modifier::BOLD));
    Paragraph::new(vec![name, info, played]).wrap(Wrap { trim: true })
}

/// A line with its red suits (♥ ♦) in red, as cards are printed.
fn suited(text: &str) -> Line<'static> {
    let mut spans = Vec::new();
    for (i, word) in text.split(' ').enumerate() {
        if i > 0 {
            spans.push(Span::raw(" "));
        }
        let red = word.contains('♥') || word.contains('♦');
        spans.push(if red {
            Span::styled(word.to_owned(), Style::default().fg(Color::Red))
        } else {
            Span::raw(word.to_owned())
        });
    }
    Line::from(spans)
}
