//! The table rules a game is played under: the few settings that vary between Tenhou
//! lobbies. Everything else is fixed Tenhou behaviour, described in the [`game`](super)
//! module documentation.

/// How long a game lasts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Length {
    /// East and South rounds (eight hands plus repeats): the standard game.
    #[default]
    Hanchan,
    /// The East round only (four hands plus repeats).
    Tonpuusen,
}

impl Length {
    /// How many dealer turns the game has: 8 for a hanchan, 4 for a tonpuusen.
    pub const fn hands(self) -> u8 {
        match self {
            Length::Hanchan => 8,
            Length::Tonpuusen => 4,
        }
    }
}

/// The settings of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Whether the first copy of each five is a red five worth one dora (aka dora).
    pub red_fives: bool,
    /// East only or East and South.
    pub length: Length,
    /// Each seat's points at the start (Tenhou: 25,000).
    pub start_points: i32,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            red_fives: true,
            length: Length::Hanchan,
            start_points: 25_000,
        }
    }
}
