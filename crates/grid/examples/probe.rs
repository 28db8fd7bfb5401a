use nav_grid::movingai::*;
use nav_grid::*;
use std::time::Instant;
fn main() {
    let d = "/work/shared/data/movingai/";
    let free = std::env::args().any(|a| a == "free");
    let quick = std::env::args().any(|a| a == "quick");
    let parse_only = std::env::args().any(|a| a == "parse");
    let mut total = 0.0;
    for m in [
        "dao/den520d",
        "street/Berlin_0_256",
        "random/random512-10-0",
        "sc1/AcrosstheCape",
    ]
    .into_iter()
    .take(if quick { 3 } else { 4 })
    {
        let map = read_map(format!("{d}{m}.map")).unwrap();
        let scen = read_scenario(format!("{d}{m}.map.scen")).unwrap();
        let n = scen.rows.len();
        let mut f = GridPathfinder::new();
        let jps = std::env::args().any(|a| a == "jps");
        let rules = if jps {
            GridRules::moving_ai().with_jump_points(true)
        } else if free {
            GridRules::moving_ai().with_diagonal(DiagonalRule::Free)
        } else {
            GridRules::moving_ai()
        };
        let mut best = f64::MAX;
        let mut exp = 0;
        for _ in 0..(if quick { 1 } else { 7 }) {
            let s = Instant::now();
            exp = 0;
            for i in 0..(if parse_only { 0 } else { 12 }) {
                let r = &scen.rows[i * n / 12];
                let o = f.find_path(&map, r.start, r.goal, &rules).unwrap();
                exp += o.expanded;
            }
            best = best.min(s.elapsed().as_secs_f64());
        }
        total += best * 1e9 / exp as f64;
        println!(
            "{m}: expanded {} min-of-7 mean {:.1} us, {:.1} ns/exp",
            exp / 12,
            best / 12.0 * 1e6,
            best * 1e9 / exp as f64
        );
    }
    println!("avg ns/exp {:.1}", total / 4.0);
}
