//! Generates classes into a directory and prints their figures: `cargo run --release
//! --example gen -- DIR [CLASS...]`.
fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().unwrap_or_else(|| "data/tablebase".into());
    let classes: Vec<guoxiang_tablebase::Class> =
        args.map(|a| a.parse().expect("a class name")).collect();
    let classes = if classes.is_empty() {
        guoxiang_tablebase::Class::all()
    } else {
        classes
    };
    let t = std::time::Instant::now();
    let r = guoxiang_tablebase::generate(std::path::Path::new(&dir), &classes, 2, &mut |e| {
        if let guoxiang_tablebase::GenEvent::Finished { info, .. } = e {
            eprintln!("{info:?}");
        }
    });
    eprintln!("{:?} total {:?}", r.map(|v| v.len()), t.elapsed());
}
