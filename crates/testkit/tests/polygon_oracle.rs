//! The oracle checked against the checker: its paths are polylines, so the exact distance
//! computations of `check_piece_path` (which share nothing with the oracle's sector rule)
//! must accept the upper problem's path for the true radius and the lower problem's path for
//! the radius its inscribed polygon contains.

use std::f64::consts::PI;

use glam::{DVec2, Vec2};
use nav_geom::{PathPiece, Segment};
use nav_testkit::TestRng;
use nav_testkit::polygon_oracle::{
    Growth, OracleObstacle, OraclePath, OracleWorld, RandomWorld, check_piece_path,
    check_point_polyline, grown_shortest_path, random_world,
};

/// Points for the queries, from the one test generator.
struct Points(TestRng);

impl Points {
    fn point(&mut self, size: f64) -> DVec2 {
        DVec2::new(self.0.range(0.0, size), self.0.range(0.0, size))
    }
}

fn pieces(path: &OraclePath) -> Vec<PathPiece> {
    path.points
        .windows(2)
        .map(|w| PathPiece::Line(Segment::new(w[0].as_vec2(), w[1].as_vec2())))
        .collect()
}

fn f32_length(path: &OraclePath) -> f64 {
    path.points
        .windows(2)
        .map(|w| {
            w[0].as_vec2()
                .as_dvec2()
                .distance(w[1].as_vec2().as_dvec2())
        })
        .sum()
}

#[test]
fn oracle_paths_pass_the_checker() {
    let k = 12;
    let mut rng = Points(TestRng::new(2026));
    let (mut found, mut total, mut bends) = (0, 0, 0);
    for seed in 0..24 {
        let spec = RandomWorld {
            size: 20.0,
            obstacles: 6 + seed as usize % 6,
            circles: false,
            scale: 3.0,
            overlaps: seed % 3 != 0,
        };
        let world = random_world(seed, spec);
        for r in [0.0, 0.4, 1.3] {
            let pick = |rng: &mut Points| {
                (0..200)
                    .map(|_| rng.point(20.0))
                    .find(|&p| world.fits(p, r))
            };
            let (Some(s), Some(g)) = (pick(&mut rng), pick(&mut rng)) else {
                continue;
            };
            total += 1;
            let upper = grown_shortest_path(&world, r, s, g, k, Growth::Circumscribed);
            let lower = grown_shortest_path(&world, r, s, g, k, Growth::Inscribed);
            match (&lower, &upper) {
                (None, Some(_)) => panic!("upper path without a lower one: {world:?} r {r}"),
                (Some(lo), Some(hi)) => {
                    found += 1;
                    bends += hi.points.len() - 2;
                    assert!(
                        lo.length <= hi.length + 1e-9,
                        "{} > {}",
                        lo.length,
                        hi.length
                    );
                    if r == 0.0 {
                        assert!((lo.length - hi.length).abs() < 1e-9);
                    }
                }
                _ => {}
            }
            if let Some(hi) = &upper {
                check_piece_path(&world, r, s, g, &pieces(hi), f32_length(hi))
                    .unwrap_or_else(|e| panic!("upper path rejected: {e}\n{world:?} r {r} {hi:?}"));
            }
            if let Some(lo) = &lower {
                let inner = r * (PI / k as f64).cos();
                check_piece_path(&world, inner, s, g, &pieces(lo), f32_length(lo))
                    .unwrap_or_else(|e| panic!("lower path rejected: {e}\n{world:?} r {r} {lo:?}"));
            }
        }
    }
    assert!(total > 40 && found > total / 3, "{found} of {total}");
    eprintln!("{found} of {total} queries found a path, {bends} bends");
    assert!(bends > found, "too few bends: the worlds are too easy");
    let _ = Vec2::ZERO;
}

// The oracle's own regressions, from nav-mesh's hunt2 (`general_polygon_worlds`, r = 0).

/// Case 7352: the comb obstacle's corners (5.951713, 2.9535944), (6.5879717, 2.404556),
/// (7.805542, 1.3538938) lie on one line within 2e-8, the middle one on the free side. The
/// segment from the first to the third is clear; its middle lies 1.5e-8 (within the
/// tolerance) from an edge turned 1.2e-8 rad from it, and a plain 1e-9 rad test refused it:
/// the "lower bound" was 14.09, above nav-mesh's clear 13.477.
#[test]
fn a_segment_along_nearly_collinear_corners_is_clear() {
    #[rustfmt::skip]
    let world = OracleWorld { min: DVec2::new(0.0, 0.0), max: DVec2::new(16.0, 16.0), obstacles: vec![OracleObstacle::Polygon(vec![DVec2::new(1.7439768314361572, 3.5937681198120117), DVec2::new(2.18925404548645, 3.5092267990112305), DVec2::new(2.6646270751953125, 3.6648004055023193), DVec2::new(3.0393519401550293, 4.063710689544678), DVec2::new(3.1901824474334717, 4.63883113861084), DVec2::new(3.038175106048584, 5.262509346008301), DVec2::new(2.57694149017334, 5.774868965148926), DVec2::new(1.8835539817810059, 6.0243306159973145), DVec2::new(1.107438325881958, 5.910172939300537), DVec2::new(0.4383009970188141, 5.415588855743408), DVec2::new(0.05994123965501785, 4.621376037597656), DVec2::new(0.10115616768598557, 3.6948750019073486), DVec2::new(0.596585750579834, 2.854978322982788), DVec2::new(1.468678593635559, 2.3204638957977295), DVec2::new(2.5372233390808105, 2.2538344860076904), DVec2::new(3.5561487674713135, 2.7149150371551514), DVec2::new(4.270188808441162, 3.636939525604248), DVec2::new(4.47836446762085, 4.832942485809326), DVec2::new(4.088595867156982, 6.033034801483154), DVec2::new(3.510235548019409, 5.6087846755981445), DVec2::new(3.7690932750701904, 4.726065158843994), DVec2::new(3.592491626739502, 3.8719189167022705), DVec2::new(3.0652782917022705, 3.2379207611083984), DVec2::new(2.3456318378448486, 2.945051908493042), DVec2::new(1.6202574968338013, 3.021543502807617), DVec2::new(1.056610107421875, 3.405311346054077), DVec2::new(0.7642399072647095, 3.968386650085449), DVec2::new(0.7741799354553223, 4.555408000946045), DVec2::new(1.0400711297988892, 5.025253772735596), DVec2::new(1.4588816165924072, 5.2848920822143555), DVec2::new(1.9041589498519897, 5.307347774505615), DVec2::new(2.2619879245758057, 5.130436420440674), DVec2::new(2.45981502532959, 4.838259220123291), DVec2::new(2.4809110164642334, 4.531953811645508), DVec2::new(2.361654758453369, 4.298689842224121), DVec2::new(2.1737565994262695, 4.187806129455566), DVec2::new(1.9976624250411987, 4.200444221496582), DVec2::new(1.8955557346343994, 4.29484748840332)]), OracleObstacle::Polygon(vec![DVec2::new(8.925633430480957, 6.39995002746582), DVec2::new(5.9517130851745605, 2.953594446182251), DVec2::new(6.5879716873168945, 2.4045560359954834), DVec2::new(7.8055419921875, 1.353893756866455), DVec2::new(8.129386901855469, 1.7291840314865112), DVec2::new(6.911816596984863, 2.77984619140625), DVec2::new(7.250102519989014, 3.171872138977051), DVec2::new(8.569855690002441, 2.033034324645996), DVec2::new(8.896849632263184, 2.4119741916656494), DVec2::new(7.577095985412598, 3.550812005996704), DVec2::new(7.720213890075684, 3.716665267944336), DVec2::new(8.811684608459473, 2.774815797805786), DVec2::new(9.02088737487793, 3.01725172996521), DVec2::new(7.929415702819824, 3.9591012001037598), DVec2::new(8.358768463134766, 4.456660747528076), DVec2::new(9.335679054260254, 3.6136674880981445), DVec2::new(9.666642189025879, 3.9972078800201416), DVec2::new(8.68973159790039, 4.840200901031494), DVec2::new(8.845773696899414, 5.021031379699707), DVec2::new(9.933343887329102, 4.082548141479492), DVec2::new(10.322210311889648, 4.5331902503967285), DVec2::new(9.234640121459961, 5.471673488616943), DVec2::new(9.377758026123047, 5.637526512145996), DVec2::new(10.974268913269043, 4.259869575500488), DVec2::new(11.158403396606445, 4.473254680633545)]), OracleObstacle::Polygon(vec![DVec2::new(3.8786611557006836, 6.260629177093506), DVec2::new(-0.12323789298534393, 5.101880073547363), DVec2::new(0.03486873582005501, 4.555837154388428), DVec2::new(0.312130331993103, 3.598275899887085), DVec2::new(0.7779967784881592, 3.7331674098968506), DVec2::new(0.5007351636886597, 4.690728664398193), DVec2::new(0.722760796546936, 4.755015850067139), DVec2::new(0.9412947297096252, 4.000278949737549), DVec2::new(1.4159178733825684, 4.1377058029174805), DVec2::new(1.197383999824524, 4.8924431800842285), DVec2::new(1.391688346862793, 4.948703765869141), DVec2::new(1.6888175010681152, 3.922527313232422), DVec2::new(2.3369405269622803, 4.110191345214844), DVec2::new(2.039811372756958, 5.1363677978515625), DVec2::new(2.705888271331787, 5.329230308532715), DVec2::new(3.0487546920776367, 4.1450934410095215), DVec2::new(3.547609329223633, 4.289536476135254), DVec2::new(3.204742908477783, 5.473673343658447), DVec2::new(3.249147891998291, 5.486530780792236), DVec2::new(3.5393776893615723, 4.484182834625244), DVec2::new(4.1179656982421875, 4.651712894439697), DVec2::new(3.8277361392974854, 5.6540608406066895), DVec2::new(3.83840274810791, 5.657149314880371), DVec2::new(4.244094371795654, 4.256038188934326), DVec2::new(4.4424591064453125, 4.313474655151367)]), OracleObstacle::Polygon(vec![DVec2::new(12.78238582611084, 7.854305267333984), DVec2::new(12.782339096069336, 7.854320049285889), DVec2::new(11.506020545959473, 7.447375774383545), DVec2::new(11.505985260009766, 7.447409629821777), DVec2::new(10.773563385009766, 7.89404296875), DVec2::new(10.419357299804688, 5.249443531036377), DVec2::new(10.68636703491211, 7.623214244842529), DVec2::new(8.29275894165039, 7.749391078948975), DVec2::new(8.594832420349121, 10.340957641601563), DVec2::new(5.461470127105713, 10.330022811889648), DVec2::new(8.32041072845459, 10.389877319335938), DVec2::new(9.361720085144043, 11.134547233581543), DVec2::new(9.980757713317871, 12.2743558883667), DVec2::new(9.980795860290527, 12.274333000183105), DVec2::new(10.632684707641602, 11.52183723449707), DVec2::new(11.705262184143066, 11.837349891662598), DVec2::new(13.337743759155273, 12.141643524169922), DVec2::new(15.475536346435547, 13.780892372131348), DVec2::new(13.591322898864746, 12.335365295410156), DVec2::new(12.509467124938965, 10.556352615356445), DVec2::new(13.683865547180176, 9.415665626525879)]), OracleObstacle::Circle { center: DVec2::new(8.074687004089355, 5.386319160461426), radius: 0.1630893498659134 }, OracleObstacle::Circle { center: DVec2::new(8.552485466003418, 5.014928817749023), radius: 0.4420740306377411 }, OracleObstacle::Circle { center: DVec2::new(0.7013617753982544, 3.809323787689209), radius: 0.9789801836013794 }] };
    let f = |x: f32, y: f32| DVec2::new(x as f64, y as f64);
    let path = [
        f(2.230968, 7.568699),
        f(3.8786612, 6.260629),
        f(4.088596, 6.033035),
        f(5.951713, 2.9535944),
        f(7.805542, 1.3538938),
        f(12.734495, 0.42406794),
    ];
    assert_eq!(check_point_polyline(&world, &path), Ok(()));
    let length: f64 = path.windows(2).map(|w| w[0].distance(w[1])).sum();
    for growth in [Growth::Inscribed, Growth::Circumscribed] {
        let found = grown_shortest_path(&world, 0.0, path[0], path[5], 64, growth).unwrap();
        assert!(
            (found.length - length).abs() < 1e-9,
            "{growth:?}: {} vs {length}",
            found.length
        );
    }
}

/// Case 41209: a circle covers a corner of the polygon bounds (7.8995104, 5.4655852) by
/// 1.4e-7. The upper problem's path ran along an edge of the circle's circumscribed 64-gon
/// through that corner, 5e-7 deep: the edge crossings were tested with a slack of the
/// tolerance times both lengths (1.5e-6 for a 0.06 segment against a 3.8 edge). The true way
/// goes around the circle (6.657); the lower problem's inscribed 64-gon leaves the corner
/// outside, so its 4.84 stays a lower bound.
#[test]
fn a_short_segment_crossing_a_long_edge_is_blocked() {
    #[rustfmt::skip]
    let world = OracleWorld { min: DVec2::new(0.0, -1.0), max: DVec2::new(16.0, 15.0), obstacles: vec![OracleObstacle::Polygon(vec![DVec2::new(5.231809139251709, 10.343545913696289), DVec2::new(5.167670726776123, 10.176948547363281), DVec2::new(5.167653560638428, 10.176947593688965), DVec2::new(4.781914710998535, 10.081822395324707), DVec2::new(4.87042236328125, 9.410171508789063), DVec2::new(4.531599521636963, 9.923830032348633), DVec2::new(4.477266788482666, 7.950265884399414), DVec2::new(4.529158592224121, 9.871119499206543), DVec2::new(4.369470119476318, 9.953357696533203), DVec2::new(4.227423667907715, 10.115811347961426), DVec2::new(3.358133554458618, 10.050060272216797), DVec2::new(4.020787715911865, 10.423762321472168), DVec2::new(3.7472901344299316, 10.731073379516602), DVec2::new(3.5397281646728516, 11.29732894897461), DVec2::new(4.390988826751709, 10.870735168457031), DVec2::new(4.53495454788208, 10.96920394897461), DVec2::new(4.8784708976745605, 10.95913028717041), DVec2::new(4.8784685134887695, 10.959113121032715), DVec2::new(5.160315036773682, 11.12724494934082), DVec2::new(5.511298179626465, 10.713275909423828)]), OracleObstacle::Circle { center: DVec2::new(7.683428764343262, 4.8590850830078125), radius: 0.6438430547714233 }, OracleObstacle::Polygon(vec![DVec2::new(0.0, 10.1901273727417), DVec2::new(4.105090141296387, 10.1901273727417), DVec2::new(7.2340264320373535, 3.5976977348327637), DVec2::new(11.894909858703613, 5.809872627258301), DVec2::new(16.0, 5.809872627258301), DVec2::new(16.0, -1.0), DVec2::new(0.0, -1.0)]), OracleObstacle::Polygon(vec![DVec2::new(16.0, 5.809872627258301), DVec2::new(11.894909858703613, 5.809872627258301), DVec2::new(11.293707847595215, 7.076558589935303), DVec2::new(7.899510383605957, 5.465585231781006), DVec2::new(5.371776103973389, 10.791329383850098), DVec2::new(4.105090141296387, 10.1901273727417), DVec2::new(0.0, 10.1901273727417), DVec2::new(0.0, 15.0), DVec2::new(16.0, 15.0)])] };
    let s = DVec2::new(6.544477939605713, 7.900496959686279);
    let g = DVec2::new(9.951815605163574, 5.383359909057617);
    let upper = grown_shortest_path(&world, 0.0, s, g, 64, Growth::Circumscribed).unwrap();
    assert!(upper.length > 6.6 && upper.length < 6.7, "{}", upper.length);
    let lower = grown_shortest_path(&world, 0.0, s, g, 64, Growth::Inscribed).unwrap();
    assert!(
        lower.length > 4.8 && lower.length < upper.length,
        "{}",
        lower.length
    );
    // The short segment itself, along the 64-gon's edge.
    let edge = [
        DVec2::new(7.870551935755104, 5.475947509808094),
        DVec2::new(7.930113977590508, 5.454635870466212),
    ];
    let bounds_only = OracleWorld::new(world.min, world.max, world.obstacles[2..].to_vec());
    assert!(check_point_polyline(&bounds_only, &edge).is_err());
}
