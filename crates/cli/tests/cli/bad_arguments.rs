//! Bad command lines: values out of range, unknown names, missing files.

use crate::cli::util::{run, stderr, stdout};

#[test]
fn numeric_arguments_out_of_range_are_refused_before_any_work() {
    for (args, needle) in [
        (vec!["bench", "quantik", "--seconds", "inf"], "above 0"),
        (
            vec!["bench", "quantik", "--seconds", "1e300"],
            "at most 86400",
        ),
        (vec!["bench", "quantik", "--seconds", "0"], "above 0"),
        (vec!["bench", "quantik", "--seconds=-1"], "above 0"),
        (vec!["bench", "quantik", "--seconds", "NaN"], "above 0"),
        (
            vec!["bench", "quantik", "--seconds", "soon"],
            "not a number",
        ),
        (
            vec![
                "tournament",
                "quantik",
                "--agents",
                "random,greedy",
                "--jobs",
                "0",
            ],
            "1..1024",
        ),
        (
            vec![
                "tournament",
                "quantik",
                "--agents",
                "random,greedy",
                "--games",
                "0",
            ],
            "1 or more",
        ),
        (
            vec!["match", "quantik", "greedy", "random", "--think-ms", "0"],
            "1..86400000",
        ),
        (
            vec!["match", "quantik", "greedy", "random", "--games", "0"],
            "1 or more",
        ),
        (
            vec!["play", "quantik", "--think-ms", "18446744073709551615"],
            "1..86400000",
        ),
        (vec!["analyse", "quantik", "--think-ms", "0"], "1..86400000"),
        (
            vec!["match", "quantik", "greedy", "random", "--threads", "0"],
            "1..256",
        ),
        (vec!["play", "quantik", "--threads", "257"], "1..256"),
        (vec!["serve", "--threads", "many"], "not a whole number"),
        (vec!["bench", "quantik", "--threads", "0"], "1..256"),
        (vec!["perft", "quantik", "0"], "1 or more"),
        (vec!["bench-web", "--games", "0"], "1 or more"),
        (
            vec!["tournament", "quantik", "--agents", "a,b", "--jobs", "x"],
            "not a whole number",
        ),
    ] {
        let out = run(&args, "");
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("invalid value"), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    // A level's own thinking time is bounded the same way.
    let out = run(
        &["match", "quantik", "strong:think=99999999999", "random"],
        "",
    );
    assert!(!out.status.success());
    assert!(stderr(&out).contains("1..86400000"), "{}", stderr(&out));
    assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
}

#[test]
fn errors_go_to_stderr_with_a_failure_code() {
    let cases: [(&[&str], &str); 5] = [
        (&["play", "chess"], "unknown game `chess`"),
        (
            &["play", "quantik", "-o", "first=3"],
            "bad value `3` for option `first`",
        ),
        (
            &["play", "quantik", "-o", "colour=red"],
            "no option `colour`",
        ),
        (
            &["play", "quantik", "--p2", "godlike"],
            "unknown level `godlike`",
        ),
        (&["replay", "/nonexistent/file.json"], "cannot read record"),
    ];
    for (args, message) in cases {
        let out = run(args, "");
        assert!(!out.status.success(), "{args:?} should fail");
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
        assert!(stdout(&out).is_empty() || !stdout(&out).contains("panicked"));
    }
}
