//! nav-geom's hot queries, per call: the tangents a tangent-visibility graph computes for every
//! pair of circles, circle-circle intersection, and the swept-disc tests a navigator runs for
//! every candidate move. A naive f32 version of the pulley tangents (the circular-obstacle
//! article's arccos and atan2, no f64) shows what the f64 inside costs.
//!
//! Run: `cargo bench -p nav-benches --bench geom -- --warm-up-time 1 --measurement-time 3`
//!
//! Data (deterministic, from a seeded xoshiro256++ generator): 1024 circles of radius 1 to 20 and
//! 1024 segments of up to 100 units in a 1000 x 1000 world offset by 10,000 units; each iteration
//! takes the next pair from the arrays.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use nav_geom::query::{
    external_bitangents, internal_bitangents, intersection_circle_circle, swept_disc_clears_aabb,
    swept_disc_clears_circle, tangents_point_circle,
};
use nav_geom::{Aabb, Circle, Segment, Vec2};
use nav_testkit::TestRng;

const N: usize = 1024;

struct Data {
    circles: Vec<Circle>,
    segments: Vec<Segment>,
    boxes: Vec<Aabb>,
}

fn data() -> Data {
    let mut rng = TestRng::new(0x9E37_79B9_7F4A_7C15);
    let offset = Vec2::splat(1.0e4);
    let point = |rng: &mut TestRng| offset + Vec2::new(rng.unit_f32(), rng.unit_f32()) * 1000.0;
    let circles = (0..N)
        .map(|_| Circle::new(point(&mut rng), 1.0 + 19.0 * rng.unit_f32()))
        .collect();
    let segments = (0..N)
        .map(|_| {
            let a = point(&mut rng);
            let b = a + (Vec2::new(rng.unit_f32(), rng.unit_f32()) - 0.5) * 200.0;
            Segment::new(a, b)
        })
        .collect();
    let boxes = (0..N)
        .map(|_| {
            let c = point(&mut rng);
            Aabb::from_center_half_extents(
                c,
                Vec2::new(rng.unit_f32(), rng.unit_f32()) * 20.0 + 1.0,
            )
        })
        .collect();
    Data {
        circles,
        segments,
        boxes,
    }
}

/// The circular-obstacle article's external tangents written the direct way, in f32 (the baseline).
fn naive_external_f32(a: &Circle, b: &Circle) -> Option<[(Vec2, Vec2); 2]> {
    let ab = b.center - a.center;
    let d = ab.length();
    let ratio = (a.radius - b.radius) / d;
    if !(-1.0..=1.0).contains(&ratio) || d == 0.0 {
        return None;
    }
    let theta = ratio.acos();
    let base = ab.y.atan2(ab.x);
    Some([base + theta, base - theta].map(|angle| {
        let m = Vec2::from_angle(angle);
        (a.center + m * a.radius, b.center + m * b.radius)
    }))
}

fn bench(c: &mut Criterion) {
    let data = data();
    let pair = |i: usize| (&data.circles[i % N], &data.circles[(i * 7 + 3) % N]);
    let mut group = c.benchmark_group("geom");
    let mut i = 0usize;
    group.bench_function("external_bitangents", |bench| {
        bench.iter(|| {
            i += 1;
            let (a, b) = pair(i);
            black_box(external_bitangents(black_box(a), black_box(b)))
        })
    });
    group.bench_function("naive_f32_external_bitangents", |bench| {
        bench.iter(|| {
            i += 1;
            let (a, b) = pair(i);
            black_box(naive_external_f32(black_box(a), black_box(b)))
        })
    });
    group.bench_function("internal_bitangents", |bench| {
        bench.iter(|| {
            i += 1;
            let (a, b) = pair(i);
            black_box(internal_bitangents(black_box(a), black_box(b)))
        })
    });
    group.bench_function("tangents_point_circle", |bench| {
        bench.iter(|| {
            i += 1;
            let p = data.segments[i % N].a;
            black_box(tangents_point_circle(
                black_box(p),
                black_box(&data.circles[(i * 5) % N]),
            ))
        })
    });
    group.bench_function("intersection_circle_circle", |bench| {
        bench.iter(|| {
            i += 1;
            let (a, b) = pair(i);
            black_box(intersection_circle_circle(black_box(a), black_box(b)))
        })
    });
    group.bench_function("swept_disc_clears_circle", |bench| {
        bench.iter(|| {
            i += 1;
            let (s, o) = (&data.segments[i % N], &data.circles[(i * 3) % N]);
            black_box(swept_disc_clears_circle(black_box(s), 0.5, black_box(o)))
        })
    });
    group.bench_function("swept_disc_clears_aabb", |bench| {
        bench.iter(|| {
            i += 1;
            let (s, o) = (&data.segments[i % N], &data.boxes[(i * 3) % N]);
            black_box(swept_disc_clears_aabb(black_box(s), 0.5, black_box(o)))
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
