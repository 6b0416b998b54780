//! One line that says what went wrong, from an error and its causes.

/// The error's message followed by each cause that the message does not already say: many
/// errors repeat their cause in their own message ("database: disk full"), and printing the
/// whole chain would then say it twice ("disk full: disk full").
pub fn describe(error: &anyhow::Error) -> String {
    let mut line = String::new();
    for cause in error.chain() {
        let text = cause.to_string();
        if text.is_empty() || line.contains(&text) {
            continue;
        }
        if !line.is_empty() {
            line.push_str(": ");
        }
        line.push_str(&text);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cause_the_message_repeats_is_said_once() {
        // The server's error shows its cause and also reports it as its source.
        let io = std::io::Error::other("address in use");
        let error = anyhow::Error::from(tabuleiro_web::ServeError::from(io));
        assert_eq!(format!("{error:#}"), "address in use: address in use");
        assert_eq!(describe(&error), "address in use");
        let error = error.context("cannot serve");
        assert_eq!(describe(&error), "cannot serve: address in use");
    }

    #[test]
    fn a_cause_the_message_does_not_say_is_kept() {
        let error = anyhow::anyhow!("disk full").context("cannot save the record");
        assert_eq!(describe(&error), "cannot save the record: disk full");
    }
}
