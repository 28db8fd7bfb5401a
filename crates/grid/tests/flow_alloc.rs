//! After a first build on a map, rebuilding a flow field (other goals, same size and rules),
//! looking cells up and following the field into a warm buffer allocate nothing; so does the
//! nearest-goal search once warm. Proven with a counting global allocator.

use nav_grid::generate::caves;
use nav_grid::{Cell, FlowField, FlowQuery, GridRules, NearestGoalContext, NearestGoalQuery};
use nav_testkit::{CountingAllocator, allocations_during};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

#[test]
fn warm_flow_fields_allocate_nothing() {
    let map = caves(96, 64, 0.45, 3).unwrap();
    let open: Vec<Cell> = (0..map.cell_count())
        .filter_map(|i| map.cell_at(i))
        .filter(|&c| map.is_walkable(c))
        .collect();
    let rules = GridRules::default().compile().unwrap();
    let mut field = FlowField::new();
    let mut path = Vec::with_capacity(map.cell_count());
    let goals = [open[10], open[open.len() / 2]];
    // Warm-up: the first builds size the field's memory.
    for g in &goals {
        field.build(&map, &rules, &FlowQuery::to_goal(g)).unwrap();
        field
            .build(&map, &rules, &FlowQuery::to_goals(&goals))
            .unwrap();
    }
    for (i, g) in goals.iter().enumerate() {
        let n = allocations_during(|| {
            field.build(&map, &rules, &FlowQuery::to_goal(g)).unwrap();
        });
        assert_eq!(n, 0, "rebuild {i}");
        let n = allocations_during(|| {
            for &start in open.iter().step_by(7) {
                let _ = field.cost(start);
                let _ = field.next_move(start);
                field.path_from(start, &mut path).unwrap();
            }
        });
        assert_eq!(n, 0, "lookups and paths {i}");
    }
    let mut nearest = NearestGoalContext::new();
    let query = NearestGoalQuery::new(open[0], &goals);
    nearest.find_nearest(&map, &rules, &query).unwrap();
    let n = allocations_during(|| {
        nearest.find_nearest(&map, &rules, &query).unwrap();
    });
    assert_eq!(n, 0, "nearest goal");
}
