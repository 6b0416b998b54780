//! Glicko-2 ratings of players, as Mark Glickman publishes the system ("Example of the
//! Glicko-2 system", 2013): a rating, its deviation (how uncertain it is) and its volatility
//! (how erratic the player's results are), updated from the games of a rating period. Here a
//! rating period is one game: each rated game updates both players at once, from their ratings
//! before it. A game of three or four players (Q!nto) counts as the pairwise results of its
//! finishing order ([`pairwise`]), all in the one period of that game.

/// The factor between the Glicko scale (ratings around 1500) and Glicko-2's internal one.
const SCALE: f64 = 173.7178;
/// The rating of a new player.
pub const NEW_RATING: f64 = 1500.0;
/// The deviation of a new player: as uncertain as the system allows.
pub const NEW_DEVIATION: f64 = 350.0;
/// The volatility of a new player (Glickman's suggested starting value).
pub const NEW_VOLATILITY: f64 = 0.06;
/// The system constant τ, which limits how fast the volatility changes: Glickman suggests
/// 0.3 to 1.2; 0.5 is his example's, kept because games here are few per player and a larger
/// τ would let single upsets move the volatility too far.
pub const TAU: f64 = 0.5;
/// The largest deviation: a player unseen for long is as uncertain as a new one, no more.
pub const MAX_DEVIATION: f64 = NEW_DEVIATION;
/// A rating whose deviation is above this is provisional (shown with a "?"): about the
/// uncertainty of a player's first handful of games.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;
/// Where the volatility iteration stops (Glickman's ε).
const CONVERGENCE: f64 = 0.000_001;

/// A player's Glicko-2 rating.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Glicko {
    /// The rating, around 1500.
    pub rating: f64,
    /// The rating deviation: about a 95% chance that the true strength is within two of it.
    pub deviation: f64,
    /// The volatility: how much the player's strength seems to change.
    pub volatility: f64,
}

impl Default for Glicko {
    fn default() -> Self {
        Glicko {
            rating: NEW_RATING,
            deviation: NEW_DEVIATION,
            volatility: NEW_VOLATILITY,
        }
    }
}

/// One game's result against one opponent: the opponent's rating before the game and the
/// score (1 a win, 0.5 a draw, 0 a loss).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    /// The opponent's rating before the game.
    pub opponent: Glicko,
    /// 1 for a win, 0.5 for a draw, 0 for a loss.
    pub score: f64,
}

impl Glicko {
    /// Whether the rating is still too uncertain to mean much.
    pub fn provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    fn mu(&self) -> f64 {
        (self.rating - NEW_RATING) / SCALE
    }

    fn phi(&self) -> f64 {
        self.deviation / SCALE
    }

    /// The rating after a rating period with `outcomes` (none: only the deviation grows), with
    /// the system constant `tau` ([`TAU`] unless testing another).
    #[must_use]
    pub fn after(&self, outcomes: &[Outcome], tau: f64) -> Glicko {
        let (mu, phi, sigma) = (self.mu(), self.phi(), self.volatility);
        if outcomes.is_empty() {
            let grown = (phi * phi + sigma * sigma).sqrt() * SCALE;
            return Glicko {
                deviation: grown.min(MAX_DEVIATION),
                ..*self
            };
        }
        // Step 3: the estimated variance of the rating from the game outcomes alone.
        let mut inverse_v = 0.0;
        // Step 4: the sum behind the estimated improvement.
        let mut improvement = 0.0;
        for o in outcomes {
            let g = g(o.opponent.phi());
            let e = expected(mu, o.opponent.mu(), g);
            inverse_v += g * g * e * (1.0 - e);
            improvement += g * (o.score - e);
        }
        let v = 1.0 / inverse_v;
        let delta = v * improvement;
        // Step 5: the new volatility.
        let sigma = new_volatility(delta, phi, v, sigma, tau);
        // Steps 6 and 7: the new deviation and rating.
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu = mu + phi * phi * improvement;
        Glicko {
            rating: mu * SCALE + NEW_RATING,
            deviation: (phi * SCALE).min(MAX_DEVIATION),
            volatility: sigma,
        }
    }
}

/// Glickman's g(φ): how much a result against an uncertain opponent counts.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

/// The expected score of a player at `mu` against one at `opponent`.
fn expected(mu: f64, opponent: f64, g: f64) -> f64 {
    1.0 / (1.0 + (-g * (mu - opponent)).exp())
}

/// Step 5 of the system: the volatility after the period, by the Illinois algorithm.
fn new_volatility(delta: f64, phi: f64, v: f64, sigma: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut fa, mut fb) = (f(big_a), f(big_b));
    // The iteration converges in a few dozen steps; the bound only guards against a NaN.
    for _ in 0..200 {
        if (big_b - big_a).abs() <= CONVERGENCE {
            break;
        }
        let c = big_a + (big_a - big_b) * fa / (fb - fa);
        let fc = f(c);
        if fc * fb <= 0.0 {
            big_a = big_b;
            fa = fb;
        } else {
            fa /= 2.0;
        }
        big_b = c;
        fb = fc;
    }
    (big_a / 2.0).exp()
}

/// The pairwise results of a game of several players from their places at its end (1 for the
/// winner; equal places are a tie): for each player, its score against every other one (1 ahead,
/// 0.5 level, 0 behind), as `(opponent, score)`. A game of two players is its one result.
pub fn pairwise(places: &[usize]) -> Vec<Vec<(usize, f64)>> {
    places
        .iter()
        .enumerate()
        .map(|(i, &mine)| {
            places
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(j, &theirs)| {
                    let score = match mine.cmp(&theirs) {
                        std::cmp::Ordering::Less => 1.0,
                        std::cmp::Ordering::Equal => 0.5,
                        std::cmp::Ordering::Greater => 0.0,
                    };
                    (j, score)
                })
                .collect()
        })
        .collect()
}

/// Every player's rating after one rated game: `ratings` before it, `places` at its end (see
/// [`pairwise`]); each player's outcomes are against the others' ratings before the game.
pub fn after_game(ratings: &[Glicko], places: &[usize]) -> Vec<Glicko> {
    pairwise(places)
        .iter()
        .zip(ratings)
        .map(|(results, before)| {
            let outcomes: Vec<Outcome> = results
                .iter()
                .map(|&(j, score)| Outcome {
                    opponent: ratings[j],
                    score,
                })
                .collect();
            before.after(&outcomes, TAU)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(rating: f64, deviation: f64) -> Glicko {
        Glicko {
            rating,
            deviation,
            volatility: NEW_VOLATILITY,
        }
    }

    #[test]
    fn glickmans_worked_example_is_reproduced() {
        // "Example of the Glicko-2 system": 1500/200/0.06 beats 1400/30, loses to 1550/100
        // and to 1700/300, τ = 0.5 → 1464.06, 151.52, 0.05999.
        let outcomes = [
            Outcome {
                opponent: player(1400.0, 30.0),
                score: 1.0,
            },
            Outcome {
                opponent: player(1550.0, 100.0),
                score: 0.0,
            },
            Outcome {
                opponent: player(1700.0, 300.0),
                score: 0.0,
            },
        ];
        let after = player(1500.0, 200.0).after(&outcomes, 0.5);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn a_period_without_games_only_widens_the_deviation() {
        let before = player(1700.0, 50.0);
        let after = before.after(&[], TAU);
        assert!((after.rating - before.rating).abs() < 1e-12, "{after:?}");
        // √(φ² + σ²) on the Glicko-2 scale: 50 → 50.03 with σ = 0.06.
        let expected = ((50.0 / SCALE).powi(2) + 0.06_f64.powi(2)).sqrt() * SCALE;
        assert!((after.deviation - expected).abs() < 1e-9, "{after:?}");
        assert!(after.deviation > before.deviation);
        let new = Glicko::default().after(&[], TAU);
        assert!(
            (new.deviation - MAX_DEVIATION).abs() < 1e-12,
            "never beyond a new player's: {new:?}"
        );
    }

    #[test]
    fn the_winner_gains_what_the_loser_loses_between_equals() {
        let both = [Glicko::default(), Glicko::default()];
        let after = after_game(&both, &[1, 2]);
        assert!(after[0].rating > NEW_RATING && after[1].rating < NEW_RATING);
        assert!((after[0].rating - NEW_RATING + after[1].rating - NEW_RATING).abs() < 1e-6);
        assert!(after[0].deviation < NEW_DEVIATION && after[0].provisional());
        let drawn = after_game(&both, &[1, 1]);
        assert!((drawn[0].rating - NEW_RATING).abs() < 1e-9, "{drawn:?}");
    }

    #[test]
    fn a_game_of_four_counts_as_its_pairwise_results() {
        let results = pairwise(&[2, 1, 3, 2]);
        assert_eq!(
            results[1],
            vec![(0, 1.0), (2, 1.0), (3, 1.0)],
            "the winner beat all"
        );
        assert_eq!(results[0], vec![(1, 0.0), (2, 1.0), (3, 0.5)]);
        assert_eq!(results[2], vec![(0, 0.0), (1, 0.0), (3, 0.0)]);
        let after = after_game(&[Glicko::default(); 4], &[2, 1, 3, 2]);
        let order: Vec<f64> = after.iter().map(|g| g.rating).collect();
        assert!(order[1] > order[0] && order[0] > order[2], "{order:?}");
        assert!(
            (order[0] - order[3]).abs() < 1e-9,
            "equal places, equal ratings"
        );
    }

    #[test]
    fn many_games_make_a_rating_certain() {
        let mut strong = Glicko::default();
        let mut weak = Glicko::default();
        // The stronger wins three games of four: about 190 points apart (a 0.75 expected score).
        for game in 0..60 {
            let places = if game % 4 == 3 { [2, 1] } else { [1, 2] };
            let after = after_game(&[strong, weak], &places);
            (strong, weak) = (after[0], after[1]);
        }
        assert!(
            !strong.provisional() && !weak.provisional(),
            "{strong:?} {weak:?}"
        );
        let apart = strong.rating - weak.rating;
        assert!((120.0..280.0).contains(&apart), "{strong:?} {weak:?}");
    }
}
