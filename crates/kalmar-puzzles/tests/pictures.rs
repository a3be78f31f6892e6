//! The example puzzles drawn as PNG: the image decodes, has the SVG's size times the scale, and
//! is dark where the SVG draws islands, bridges, stones and the tour, light elsewhere.

use kalmar_puzzles::hashi::{self, format::read_puzzle};
use kalmar_puzzles::hiroimono::{self, Variant, format};
use kalmar_puzzles::picture::PngError;
use tiny_skia::Pixmap;

const SCALE: f64 = 2.0;

/// The value of the number attribute `name` of the SVG's root element.
fn svg_size(svg: &str, name: &str) -> f64 {
    let start = svg.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
    let end = start + svg[start..].find('"').unwrap();
    svg[start..end].parse().unwrap()
}

/// The decoded PNG, checked to be the SVG's size times [`SCALE`].
fn decode(png: &[u8], svg: &str) -> Pixmap {
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
    let pixmap = Pixmap::decode_png(png).unwrap();
    let expected = (
        svg_size(svg, "width") * SCALE,
        svg_size(svg, "height") * SCALE,
    );
    assert_eq!((pixmap.width() as f64, pixmap.height() as f64), expected);
    pixmap
}

/// How dark the pixel at picture point (x, y) is, 0 (white) to 255 (black), by its green.
fn darkness(pixmap: &Pixmap, (x, y): (f64, f64)) -> u8 {
    let pixel = pixmap
        .pixel((x * SCALE) as u32, (y * SCALE) as u32)
        .unwrap();
    255 - pixel.green()
}

/// The number of dark pixels in the square of half-side `half` around (x, y).
fn dark_pixels(pixmap: &Pixmap, (x, y): (f64, f64), half: f64) -> usize {
    let steps = (2.0 * half * SCALE) as usize;
    let (left, top) = (x - half, y - half);
    (0..steps)
        .flat_map(|i| (0..steps).map(move |j| (i, j)))
        .filter(|&(i, j)| {
            let point = (left + i as f64 / SCALE, top + j as f64 / SCALE);
            darkness(pixmap, point) > 160
        })
        .count()
}

#[test]
fn a_solved_hashiwokakero_png_shows_islands_numbers_and_bridges() {
    let puzzle = read_puzzle(include_str!("../../../examples/bridges-7x7.hashi")).unwrap();
    let answer = hashi::solve(&puzzle, hashi::Mode::Find).unwrap();
    let solution = answer.solutions.first();
    let svg = hashi::render::svg(&puzzle, solution);
    let pixmap = decode(&hashi::render::png(&puzzle, solution, SCALE).unwrap(), &svg);
    let centre =
        |row: usize, column: usize| (column as f64 * 40.0 + 20.0, row as f64 * 40.0 + 20.0);
    for island in puzzle.islands() {
        let (x, y) = centre(island.row, island.column);
        // The outline is black; the number inside is ink on white, a few strokes' worth.
        assert!(darkness(&pixmap, (x + 15.0, y)) > 200);
        let ink = dark_pixels(&pixmap, (x, y), 9.0);
        assert!((30..300).contains(&ink), "{ink} dark pixels in {island:?}");
        assert!(darkness(&pixmap, (x - 8.0, y - 8.0)) < 30, "white inside");
    }
    for (link, &bridges) in puzzle.links().iter().zip(&solution.unwrap().bridges) {
        let (a, b) = (puzzle.islands()[link.first], puzzle.islands()[link.second]);
        let ((x1, y1), (x2, y2)) = (centre(a.row, a.column), centre(b.row, b.column));
        let middle = ((x1 + x2) / 2.0, (y1 + y2) / 2.0);
        // A single bridge passes through the middle, a double one on either side of it.
        let offset = if link.horizontal {
            (0.0, 4.0)
        } else {
            (4.0, 0.0)
        };
        let beside = (middle.0 + offset.0, middle.1 + offset.1);
        let expected = match bridges {
            0 => (false, false),
            1 => (true, false),
            _ => (false, true),
        };
        let seen = (
            darkness(&pixmap, middle) > 200,
            darkness(&pixmap, beside) > 200,
        );
        assert_eq!(seen, expected, "{bridges} bridges on {link:?}");
    }
    // An empty cell is white but for its faint dot.
    let empty = centre(0, 0);
    assert!(puzzle.island_at(0, 0).is_none());
    assert!((20..80).contains(&darkness(&pixmap, empty)));
    assert!(darkness(&pixmap, (empty.0 + 5.0, empty.1)) == 0);
}

#[test]
fn a_hiroimono_png_shows_stones_the_start_and_the_tour() {
    let puzzle = format::parse(include_str!("../../../examples/stones.hiro")).unwrap();
    let answer = hiroimono::solve(&puzzle, Variant::Classic, hiroimono::Mode::Find);
    let tour = answer.solutions.first().unwrap();
    let svg = hiroimono::render::svg(&puzzle, Some(tour)).unwrap();
    let pixmap = decode(
        &hiroimono::render::png(&puzzle, Some(tour), SCALE).unwrap(),
        &svg,
    );
    let (low, _) = puzzle.bounding_box();
    let place = |p: hiroimono::Point| {
        (
            20.0 + (p.x - low.x) as f64 * 30.0,
            20.0 + (p.y - low.y) as f64 * 30.0,
        )
    };
    for &stone in puzzle.stones() {
        let (x, y) = place(stone);
        // A black disc, its number in white across the middle.
        assert!(darkness(&pixmap, (x, y - 7.0)) > 200);
        let light = 4 * 49 - dark_pixels(&pixmap, (x, y), 3.5);
        assert!(
            (5..120).contains(&light),
            "{light} light pixels in {stone:?}"
        );
    }
    // The tour is red: from the first stone in its order halfway to the second.
    let (first, second) = (
        place(puzzle.stones()[tour.order[0]]),
        place(puzzle.stones()[tour.order[1]]),
    );
    let between = ((first.0 + second.0) / 2.0, (first.1 + second.1) / 2.0);
    let pixel = pixmap
        .pixel((between.0 * SCALE) as u32, (between.1 * SCALE) as u32)
        .unwrap();
    assert_eq!(
        (pixel.red(), pixel.green(), pixel.blue()),
        (0xcc, 0x33, 0x33)
    );
    // The start is ringed in red, just outside its disc.
    let (x, y) = place(puzzle.stones()[0]);
    let ring = pixmap
        .pixel(((x + 12.0) * SCALE) as u32, (y * SCALE) as u32)
        .unwrap();
    assert!(ring.red() > 150 && ring.green() < 120);
}

#[test]
fn a_png_too_large_or_badly_scaled_is_refused() {
    let puzzle = read_puzzle(include_str!("../../../examples/bridges-7x7.hashi")).unwrap();
    assert_eq!(
        hashi::render::png(&puzzle, None, -1.0),
        Err(PngError::BadScale)
    );
    assert!(matches!(
        hashi::render::png(&puzzle, None, 1000.0),
        Err(PngError::TooLarge { .. })
    ));
    let stones = format::parse("S.o\n").unwrap();
    assert_eq!(
        hiroimono::render::png(&stones, None, 0.0),
        Err(format::DrawError::Png(PngError::BadScale))
    );
}
