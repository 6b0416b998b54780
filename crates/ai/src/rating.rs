//! Elo arithmetic for match results: the rating difference a score implies, its 95%
//! confidence interval, and the likelihood of superiority.

use crate::matchplay::Tally;

/// How many standard errors span a two-sided 95% interval of the normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Elo difference implied by a score fraction `p` (0 < p < 1): `-400 log10(1/p - 1)`.
/// A score of 0 or 1 has no finite difference: the result is infinite.
pub fn elo_from_score(p: f64) -> f64 {
    -400.0 * (1.0 / p - 1.0).log10()
}

/// The Elo difference of one side of a match, with its 95% confidence interval.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct EloEstimate {
    /// Score fraction: (wins + draws / 2) / games.
    pub score: f64,
    /// Elo difference implied by the score.
    pub elo: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
    /// Likelihood of superiority: the probability that this side is the stronger one, from
    /// wins and losses (draws carry no information about it).
    pub los: f64,
}

impl EloEstimate {
    /// The estimate for the side with `tally`; `None` when no game was played.
    pub fn from_tally(tally: &Tally) -> Option<Self> {
        let (w, d, l) = (tally.wins as f64, tally.draws as f64, tally.losses as f64);
        let n = w + d + l;
        if n == 0.0 {
            return None;
        }
        let score = (w + d / 2.0) / n;
        // Variance of one game's points around the mean score (trinomial: 1, ½, 0).
        let variance =
            (w * (1.0 - score).powi(2) + d * (0.5 - score).powi(2) + l * score.powi(2)) / n;
        let error = (variance / n).sqrt();
        let clamp = |p: f64| p.clamp(0.0, 1.0);
        Some(EloEstimate {
            score,
            elo: elo_from_score(score),
            low: elo_from_score(clamp(score - Z95 * error)),
            high: elo_from_score(clamp(score + Z95 * error)),
            los: likelihood_of_superiority(tally.wins, tally.losses),
        })
    }
}

/// The share of decided games (wins and losses, draws left out) one side won, with its 95%
/// interval (Wilson's score interval, which stays inside 0..1 and behaves for clean sweeps).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct DecidedShare {
    /// Wins over decided games.
    pub share: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
}

impl DecidedShare {
    /// The share for `wins` against `losses`; `None` when no game was decided.
    pub fn new(wins: usize, losses: usize) -> Option<Self> {
        let n = (wins + losses) as f64;
        if n == 0.0 {
            return None;
        }
        let p = wins as f64 / n;
        let z2 = Z95 * Z95;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
        Some(DecidedShare {
            share: p,
            low: (centre - half).max(0.0),
            high: (centre + half).min(1.0),
        })
    }
}

/// `0.5 (1 + erf((W - L) / sqrt(2 (W + L))))`; one half when no game was decided.
pub fn likelihood_of_superiority(wins: usize, losses: usize) -> f64 {
    let decided = (wins + losses) as f64;
    if decided == 0.0 {
        return 0.5;
    }
    0.5 * (1.0 + erf((wins as f64 - losses as f64) / (2.0 * decided).sqrt()))
}

/// The error function, by Abramowitz and Stegun's formula 7.1.26 (error below 1.5e-7).
pub fn erf(x: f64) -> f64 {
    let sign = x.signum();
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    sign * (1.0 - poly * (-x * x).exp())
}

/// Elo points per natural-log unit of odds: `400 / ln 10`.
const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;

/// The games between two agents of a tournament, from the first one's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Meeting {
    /// Index of the first agent.
    pub a: usize,
    /// Index of the second agent.
    pub b: usize,
    /// The first agent's wins, draws and losses against the second.
    pub tally: Tally,
}

/// One agent's rating from a joint fit, relative to the anchor (agent 0, rated 0).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Rating {
    /// Elo relative to the anchor.
    pub elo: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
    /// This agent's rating minus the previous agent's (in the order given), with the 95%
    /// interval of that difference from the joint fit (narrower than the two ratings'
    /// intervals suggest, since both move together with the anchor).
    pub above_previous: Option<Step>,
}

/// A difference of two ratings with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Step {
    /// The difference in Elo.
    pub elo: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
}

/// Fits one Elo rating per agent to all the meetings at once (the maximum-likelihood
/// Bradley–Terry model: agent *i* scores against *j* with probability
/// `1 / (1 + 10^((r_j - r_i) / 400))`, a draw counting half a win and half a loss), with agent 0
/// as the anchor at 0. The 95% intervals come from the curvature of the likelihood (the inverse
/// Fisher information) and are relative to the anchor.
///
/// `prior_draws` adds that many virtual draws to every meeting: a clean sweep has no finite
/// maximum-likelihood rating, and a small prior (one draw per meeting, say) keeps ratings
/// finite while barely moving the others. Agents that met nobody get no rating (`None`), as
/// does every agent when the fit has nothing to stand on.
pub fn fit_ratings(agents: usize, meetings: &[Meeting], prior_draws: f64) -> Vec<Option<Rating>> {
    // Points of i against j and games between them, symmetric in games.
    let mut points = vec![vec![0.0f64; agents]; agents];
    let mut games = vec![vec![0.0f64; agents]; agents];
    for m in meetings {
        if m.a == m.b || m.a >= agents || m.b >= agents {
            continue;
        }
        let (w, d, l) = (
            m.tally.wins as f64,
            m.tally.draws as f64,
            m.tally.losses as f64,
        );
        let n = w + d + l;
        if n == 0.0 {
            continue;
        }
        let extra = prior_draws / 2.0;
        points[m.a][m.b] += w + d / 2.0 + extra;
        points[m.b][m.a] += l + d / 2.0 + extra;
        games[m.a][m.b] += n + prior_draws;
        games[m.b][m.a] += n + prior_draws;
    }
    // Only agents connected to the anchor through games can be rated against it.
    let mut connected = vec![false; agents];
    let mut stack = vec![0];
    while let Some(i) = stack.pop() {
        if i >= agents || connected[i] {
            continue;
        }
        connected[i] = true;
        stack.extend((0..agents).filter(|&j| games[i][j] > 0.0 && !connected[j]));
    }
    let free: Vec<usize> = (1..agents).filter(|&i| connected[i]).collect();
    let mut r = vec![0.0f64; agents];
    let mut covariance = None;
    for _ in 0..200 {
        let (gradient, information) = curvature(&r, &points, &games, &free);
        let Some(inverse) = invert(&information) else {
            return vec![None; agents];
        };
        let mut largest = 0.0f64;
        for (k, &i) in free.iter().enumerate() {
            let step: f64 = (0..free.len()).map(|m| inverse[k][m] * gradient[m]).sum();
            // Damped Newton: odds move at most a factor e^2 per step.
            let step = step.clamp(-2.0, 2.0);
            r[i] += step;
            largest = largest.max(step.abs());
        }
        covariance = Some(inverse);
        if largest < 1e-10 {
            break;
        }
    }
    let Some(covariance) = covariance else {
        return vec![None; agents];
    };
    // Variance of agent i's rating (natural units), and covariance of two, relative to the
    // anchor, whose own rating is fixed at 0.
    let slot = |i: usize| free.iter().position(|&f| f == i);
    let covar = |i: usize, j: usize| match (slot(i), slot(j)) {
        (Some(k), Some(m)) => covariance[k][m],
        _ => 0.0,
    };
    let interval = |elo: f64, variance: f64| {
        let half = Z95 * variance.max(0.0).sqrt() * ELO_PER_NAT;
        (elo - half, elo + half)
    };
    let rated = |i: usize| i < agents && connected[i] && (i == 0 || slot(i).is_some());
    (0..agents)
        .map(|i| {
            if !rated(i) {
                return None;
            }
            let elo = r[i] * ELO_PER_NAT;
            if !elo.is_finite() {
                return None;
            }
            let (low, high) = interval(elo, covar(i, i));
            let above_previous = (i > 0 && rated(i - 1)).then(|| {
                let step = (r[i] - r[i - 1]) * ELO_PER_NAT;
                let variance = covar(i, i) + covar(i - 1, i - 1) - 2.0 * covar(i, i - 1);
                let (low, high) = interval(step, variance);
                Step {
                    elo: step,
                    low,
                    high,
                }
            });
            Some(Rating {
                elo,
                low,
                high,
                above_previous,
            })
        })
        .collect()
}

/// The gradient of the log-likelihood and the Fisher information (minus its Hessian) over
/// the free agents, at ratings `r` (natural-log units).
fn curvature(
    r: &[f64],
    points: &[Vec<f64>],
    games: &[Vec<f64>],
    free: &[usize],
) -> (Vec<f64>, Vec<Vec<f64>>) {
    let count = r.len();
    let p = |i: usize, j: usize| 1.0 / (1.0 + (r[j] - r[i]).exp());
    let mut gradient = vec![0.0; free.len()];
    let mut information = vec![vec![0.0; free.len()]; free.len()];
    for (k, &i) in free.iter().enumerate() {
        for j in 0..count {
            if j == i || games[i][j] == 0.0 {
                continue;
            }
            let pij = p(i, j);
            gradient[k] += points[i][j] - games[i][j] * pij;
            let weight = games[i][j] * pij * (1.0 - pij);
            information[k][k] += weight;
            if let Some(m) = free.iter().position(|&f| f == j) {
                information[k][m] -= weight;
            }
        }
    }
    (gradient, information)
}

/// The inverse of a small symmetric matrix by Gauss–Jordan elimination with partial pivoting;
/// `None` when it is singular.
fn invert(matrix: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = matrix.len();
    let mut a: Vec<Vec<f64>> = matrix.to_vec();
    let mut inverse: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| if i == j { 1.0 } else { 0.0 }).collect())
        .collect();
    for column in 0..n {
        let pivot =
            (column..n).max_by(|&x, &y| a[x][column].abs().total_cmp(&a[y][column].abs()))?;
        if a[pivot][column].abs() < 1e-12 {
            return None;
        }
        a.swap(column, pivot);
        inverse.swap(column, pivot);
        let scale = a[column][column];
        for j in 0..n {
            a[column][j] /= scale;
            inverse[column][j] /= scale;
        }
        for row in 0..n {
            if row != column {
                let factor = a[row][column];
                if factor != 0.0 {
                    for j in 0..n {
                        a[row][j] -= factor * a[column][j];
                        inverse[row][j] -= factor * inverse[column][j];
                    }
                }
            }
        }
    }
    Some(inverse)
}

#[cfg(test)]
mod tests {

    fn meeting(a: usize, b: usize, wins: usize, draws: usize, losses: usize) -> Meeting {
        Meeting {
            a,
            b,
            tally: Tally {
                wins,
                draws,
                losses,
            },
        }
    }

    /// The anchor wins 40 games and loses 60: the second agent scores 60%, so it is rated
    /// 70.437 above; the likelihood's curvature is
    /// n p (1 - p) = 24 per natural unit², a standard error of 1/√24 = 0.20412 natural units or
    /// 0.20412 · 400 / ln 10 = 35.46 Elo, so the 95% interval is ± 69.50.
    #[test]
    fn joint_fit_of_two_agents_by_hand() {
        let ratings = fit_ratings(2, &[meeting(0, 1, 40, 0, 60)], 0.0);
        let second = ratings[1].expect("rated");
        assert!(close(second.elo, 70.437, 0.01), "{second:?}");
        assert!(close(second.high - second.elo, 69.50, 0.05), "{second:?}");
        assert!(close(second.elo - second.low, 69.50, 0.05), "{second:?}");
        assert_eq!(
            ratings[0],
            Some(Rating {
                elo: 0.0,
                low: 0.0,
                high: 0.0,
                above_previous: None,
            })
        );
        // With two agents the step is the rating itself.
        let step = second.above_previous.expect("a step");
        assert!(close(step.elo, second.elo, 1e-9) && close(step.low, second.low, 1e-9));
    }

    /// A consistent ladder: B scores 75% against A, C 75% against B and 90% against A. Odds
    /// of 3 are 400 log10 3 = 190.85 Elo, odds of 9 twice that, and these ratings fit every
    /// meeting exactly, so they are the maximum-likelihood ones.
    #[test]
    fn joint_fit_of_a_consistent_ladder() {
        let meetings = [
            meeting(0, 1, 25, 0, 75),
            meeting(1, 2, 25, 0, 75),
            meeting(2, 0, 90, 0, 10),
        ];
        let ratings = fit_ratings(3, &meetings, 0.0);
        let b = ratings[1].expect("rated");
        let c = ratings[2].expect("rated");
        assert!(close(b.elo, 190.85, 0.01), "{b:?}");
        assert!(close(c.elo, 381.70, 0.02), "{c:?}");
        assert!(
            b.low < b.elo && b.elo < b.high && c.low > b.low,
            "{b:?} {c:?}"
        );
    }

    /// Draws count half: 30 wins, 40 draws, 30 losses is an even score.
    #[test]
    fn joint_fit_counts_draws_half() {
        let ratings = fit_ratings(2, &[meeting(0, 1, 30, 40, 30)], 0.0);
        assert!(close(ratings[1].expect("rated").elo, 0.0, 1e-6));
    }

    /// A clean sweep has no finite maximum-likelihood rating; the prior keeps it finite and
    /// far above; agents that met nobody are not rated.
    #[test]
    fn sweeps_need_the_prior_and_strangers_get_nothing() {
        let sweep = [meeting(0, 1, 0, 0, 100)];
        let with_prior = fit_ratings(3, &sweep, 1.0);
        let rated = with_prior[1].expect("rated");
        assert!(rated.elo > 600.0 && rated.elo.is_finite(), "{rated:?}");
        assert_eq!(with_prior[2], None);
        let without = fit_ratings(2, &sweep, 0.0);
        assert!(without[1].is_none_or(|r| r.elo > 1000.0), "{without:?}");
    }

    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn even_score_is_no_difference() {
        assert!(close(elo_from_score(0.5), 0.0, 1e-12));
        assert!(elo_from_score(1.0).is_infinite());
    }

    /// 60 wins and 40 losses, worked by hand: p = 0.6, Elo = -400 log10(2/3) = 70.437;
    /// the per-game variance is 0.6·0.4² + 0.4·0.6² = 0.24, the standard error
    /// √(0.24/100) = 0.04899, so p ranges over 0.6 ± 0.09602: Elo 2.77 .. 143.9; the LOS is
    /// ½(1 + erf(20/√200)) = ½(1 + erf(1.41421)) = ½(1 + 0.95450) = 0.97725.
    #[test]
    fn sixty_forty_by_hand() {
        let e = EloEstimate::from_tally(&Tally {
            wins: 60,
            draws: 0,
            losses: 40,
        })
        .expect("games");
        assert!(close(e.score, 0.6, 1e-12));
        assert!(close(e.elo, 70.437, 0.01), "{e:?}");
        assert!(close(e.low, 2.77, 0.05), "{e:?}");
        assert!(close(e.high, 143.9, 0.1), "{e:?}");
        assert!(close(e.los, 0.977_25, 1e-4), "{e:?}");
    }

    /// Draws count half a point and narrow the interval: 40 wins, 20 draws, 40 losses is an
    /// even score with variance (40·¼ + 40·¼)/100 = 0.2.
    #[test]
    fn draws_count_half() {
        let e = EloEstimate::from_tally(&Tally {
            wins: 40,
            draws: 20,
            losses: 40,
        })
        .expect("games");
        assert!(close(e.elo, 0.0, 1e-9));
        let half_width = Z95 * (0.2f64 / 100.0).sqrt();
        assert!(
            close(e.high, elo_from_score(0.5 + half_width), 1e-9),
            "{e:?}"
        );
        assert!(close(e.low, -e.high, 1e-9), "{e:?}");
        assert!(close(e.los, 0.5, 1e-6));
    }

    /// Wilson's interval by hand: 60 of 100 decided, centre (0.6 + 1.96²/200) / (1 + 1.96²/100)
    /// = 0.59631, half-width 1.96 √(0.0024 + 1.96²/40000) / 1.038415 = 0.09430: 0.50200 ..
    /// 0.69060. A sweep of 20 reaches 1 with its lower end at 20 / (20 + 1.96²) = 0.83887.
    #[test]
    fn decided_share_by_hand() {
        let s = DecidedShare::new(60, 40).expect("decided games");
        assert!(close(s.share, 0.6, 1e-12));
        assert!(close(s.low, 0.502_00, 1e-4), "{s:?}");
        assert!(close(s.high, 0.690_60, 1e-4), "{s:?}");
        let sweep = DecidedShare::new(20, 0).expect("decided games");
        assert!(close(sweep.low, 0.838_87, 1e-4), "{sweep:?}");
        assert!(close(sweep.high, 1.0, 1e-12), "{sweep:?}");
        assert!(DecidedShare::new(0, 0).is_none());
    }

    #[test]
    fn erf_matches_known_values() {
        for (x, value) in [
            (0.0, 0.0),
            (0.5, 0.520_499_878),
            (1.0, 0.842_700_793),
            (2.0, 0.995_322_265),
        ] {
            assert!(close(erf(x), value, 2e-7), "erf({x})");
            assert!(close(erf(-x), -value, 2e-7), "erf(-{x})");
        }
    }

    #[test]
    fn no_games_no_estimate() {
        assert!(EloEstimate::from_tally(&Tally::default()).is_none());
    }
}
