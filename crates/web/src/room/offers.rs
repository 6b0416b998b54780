//! The offer a room shows: the one waiting for its answer, and the one declined lately (its
//! player may not make it again yet).

use super::Room;
use crate::clock::now_ms;
use crate::store::{Offer, OfferKind};

impl Room {
    /// The offer waiting for its answer: made at the position as it stands, in a game not
    /// over.
    pub fn open_offer(&self) -> Option<Offer> {
        self.offer.filter(|o| {
            !o.declined
                && if o.kind == OfferKind::Rematch {
                    self.over() && self.rematch.is_none()
                } else {
                    o.ply == self.game.ply() && !self.over()
                }
        })
    }

    /// The offer the other player declined last, while its player may not make it again
    /// ([`Offer::moves_until_again`], [`Offer::ms_until_again`] at `now`).
    pub fn declined_offer_at(&self, now: i64) -> Option<Offer> {
        self.offer.filter(|o| {
            if o.kind == OfferKind::Rematch {
                o.ms_until_again(now) > 0 && self.over() && self.rematch.is_none()
            } else {
                o.moves_until_again(self.game.ply()) > 0 && !self.over()
            }
        })
    }

    /// [`Room::declined_offer_at`] now.
    pub fn declined_offer(&self) -> Option<Offer> {
        self.declined_offer_at(now_ms())
    }
}
