//! The hub's metrics ([`crate::metrics`]): recorded once [`Hub::measure`] is called, read by
//! [`Hub::render_metrics`].

use std::sync::Arc;

use super::{Hub, lock};
use crate::metrics::Metrics;

impl Hub {
    /// Starts recording the metrics (`serve` does, unless `--metrics-addr off`), and returns
    /// them. Until then nothing is recorded: the metrics cost nothing when nobody reads them.
    pub fn measure(&self) -> Arc<Metrics> {
        Arc::clone(self.metrics.get_or_init(|| Arc::new(Metrics::new())))
    }

    /// The metrics, if the hub records them.
    pub fn metrics(&self) -> Option<&Arc<Metrics>> {
        self.metrics.get()
    }

    /// The metrics in Prometheus's text format, the levels (games held, spectators, the
    /// database pool) read now; empty when the hub does not measure.
    pub fn render_metrics(&self) -> String {
        let Some(metrics) = self.metrics() else {
            return String::new();
        };
        let rooms: Vec<super::SharedRoom> = lock(&self.rooms).values().cloned().collect();
        let spectators = rooms.iter().map(|room| lock(room).spectators()).sum();
        metrics.levels(rooms.len(), spectators, self.store.pool_use());
        metrics.render()
    }

    /// Counts a refusal by `limit`, if the hub measures.
    pub fn refused(&self, limit: crate::metrics::Limit) {
        if let Some(metrics) = self.metrics() {
            metrics.refused(limit);
        }
    }
}
