//! Structured logs through `tracing`: every line of a connection or a computer search names its
//! game (`game`) and connection (`conn`), as text for people or as one JSON object a line for
//! log collectors (`tabuleiro serve --log-format json`). `RUST_LOG` filters as usual
//! (default `info`, PostgreSQL notices only from `warn`; e.g. `RUST_LOG=tabuleiro_web=debug` shows every join, move and close).

use tracing_subscriber::EnvFilter;

/// How log lines are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LogFormat {
    /// One line of text per event, for people.
    #[default]
    Text,
    /// One JSON object per line, with the spans' fields (`game`, `conn`), for collectors.
    Json,
}

impl std::str::FromStr for LogFormat {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "text" => Ok(LogFormat::Text),
            "json" => Ok(LogFormat::Json),
            _ => Err(format!("`{text}` is not a log format (text or json)")),
        }
    }
}

/// Sends the logs of this process to standard error in `format`, filtered by `RUST_LOG`
/// (default `info`). Does nothing if logs are already set up (a second call, or a test).
pub fn init(format: LogFormat) {
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,tokio_postgres=warn"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    let _ = match format {
        LogFormat::Text => builder.try_init(),
        LogFormat::Json => builder
            .json()
            .with_current_span(true)
            .with_span_list(true)
            .try_init(),
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_read_and_a_wrong_one_says_what_is_known() {
        assert_eq!("json".parse::<LogFormat>(), Ok(LogFormat::Json));
        assert_eq!(" Text ".parse::<LogFormat>(), Ok(LogFormat::Text));
        let wrong = "xml".parse::<LogFormat>().expect_err("not a format");
        assert!(wrong.contains("text or json"), "{wrong}");
    }
}
