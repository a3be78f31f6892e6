//! Plots drawn end to end: what reaches the SVG, and what is refused.

use kalmar_plot::{Plot, PlotError, Scale, Series, Shape};

fn line(name: &str, points: &[(f64, f64)]) -> Series {
    Series::new(name, points.to_vec())
}

#[test]
fn named_series_get_a_legend_and_log_axes_powers_of_ten() {
    let svg = Plot::new("times")
        .x_axis("size", Scale::Log)
        .y_axis("seconds", Scale::Log)
        .series(line("floor", &[(1e3, 1e-5), (1e6, 0.02)]))
        .series(line("retrograde", &[(1e3, 2e-5), (1e6, 0.05)]).markers(Shape::Square, 3))
        .to_svg()
        .unwrap();
    for text in [
        "times",
        "size",
        "seconds",
        "floor",
        "retrograde",
        "10⁶",
        "10⁻⁵",
    ] {
        assert!(svg.contains(text), "{text} missing");
    }
}

#[test]
fn a_single_series_has_no_legend() {
    let svg = Plot::new("t")
        .series(line("only-in-legend", &[(0.0, 1.0), (1.0, 2.0)]))
        .to_svg()
        .unwrap();
    assert!(!svg.contains("only-in-legend"));
}

#[test]
fn points_a_log_axis_cannot_show_are_left_out_and_nothing_left_is_refused() {
    let plot = Plot::new("t")
        .y_axis("y", Scale::Log)
        .series(line("s", &[(0.0, 0.0), (1.0, -1.0)]));
    assert!(matches!(plot.to_svg(), Err(PlotError::Empty)));
    let plot = plot.series(line("t", &[(2.0, 5.0)]));
    assert!(plot.to_svg().is_ok());
    let empty = Plot::new("t");
    assert!(matches!(empty.to_svg(), Err(PlotError::Empty)));
    let nan = Plot::new("t").series(line("s", &[(f64::NAN, 1.0)]));
    assert!(matches!(nan.to_svg(), Err(PlotError::Empty)));
}

#[test]
fn fixed_ranges_are_checked() {
    let points = line("s", &[(1.0, 1.0), (2.0, 2.0)]);
    let reversed = Plot::new("t").series(points.clone()).x_range(3.0, 1.0);
    assert!(matches!(
        reversed.to_svg(),
        Err(PlotError::Range { axis: "x", .. })
    ));
    let zero_on_log = Plot::new("t")
        .y_axis("y", Scale::Log)
        .series(points)
        .y_range(0.0, 10.0);
    assert!(matches!(
        zero_on_log.to_svg(),
        Err(PlotError::Range { axis: "y", .. })
    ));
}

#[test]
fn markers_and_shades_carry_their_labels() {
    let svg = Plot::new("t")
        .series(line("s", &[(0.0, 0.0), (10.0, 1.0)]))
        .shade(0.0, 3.0, "warm-up")
        .marker(5.0, "half")
        .marker(50.0, "beyond the range")
        .x_range(0.0, 10.0)
        .to_svg()
        .unwrap();
    assert!(svg.contains("warm-up") && svg.contains("half"));
    assert!(!svg.contains("beyond the range"));
}

#[test]
fn many_points_without_lines_are_thinned_to_one_per_pixel() {
    let points: Vec<(f64, f64)> = (0..200_000).map(|n| (n as f64, (n % 7) as f64)).collect();
    let svg = Plot::new("t")
        .series(Series::new("s", points).no_line().markers(Shape::Circle, 1))
        .to_svg()
        .unwrap();
    let circles = svg.matches("<circle").count();
    // At most one per pixel column of the plotting area and value.
    assert!(circles > 1000 && circles <= 7 * 900, "{circles} circles");
}

#[test]
fn files_are_written_and_failures_name_the_file() {
    let plot = Plot::new("t").series(line("s", &[(0.0, 0.0), (1.0, 1.0)]));
    let dir = std::env::temp_dir().join(format!("kalmar-plot-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("p.svg");
    plot.write_svg(&path).unwrap();
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        plot.to_svg().unwrap()
    );
    let error = plot.write_svg(&dir.join("missing/p.svg")).unwrap_err();
    assert!(error.to_string().contains("missing"), "{error}");
    std::fs::remove_dir_all(&dir).unwrap();
}
