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

#[cfg(test)]
mod tests {
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
