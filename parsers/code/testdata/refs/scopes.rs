//! Crate doc naming [`Config::load`] and parse_args.
use std::collections::HashMap;
use crate::net::{self, Client as NetClient, server::*};
use super::util;

/// A wrapper around [`Inner`].
pub struct Outer<T: Display> {
    inner: Inner,
    items: Vec<T>,
}

impl<T: Display> Render for Outer<T> {
    fn render(&self, out: &mut Buffer) -> Result<(), Error> {
        let Inner { name, .. } = &self.inner;
        let count = self.items.len();
        out.write(name, count);
        helper(count);
        Ok(())
    }
}

impl Outer<String> {
    pub fn new(cfg: &Config) -> Self {
        let client = NetClient::connect(&cfg.addr);
        let mut map: HashMap<String, u32> = HashMap::new();
        map.insert(String::from("a"), MAX);
        for (k, v) in map.iter() {
            println!("{} {}", k, format_value(v));
        }
        let f = |x: u32, y| x + y + OFFSET;
        match client.state() {
            State::Ready(conn) => conn.send(f(1, 2)),
            State::Closed { reason } => log::warn!("{}", reason),
            other => util::report(other),
        }
        if let Some(inner) = Self::make_inner() {
            inner.reset();
        }
        let s = Outer { inner: build(), items: Vec::new() };
        s.inner.value = net::DEFAULT;
        Self::finish(s)
    }
}

macro_rules! wrap {
    ($e:expr) => {
        helper($e)
    };
}

fn tokens(local: u32) {
    assert!(check(VALUE, vec![inner_call(local), Mode::Fast]));
    define_item! { #[cfg(feature = "x")] struct S; }
    wrap!(x.method(local));
}

fn generic<T: Render>(item: T, out: &mut Buffer) {
    item.render(out);
}

impl<T: Display> Render for T {
    fn render(&self, out: &mut Buffer) {
        self.fmt(out);
    }
}

fn patterns(v: Vec<Item>) {
    while let Some(x) = source.next() { x.go(); }
    if let Foo { a, b: ref mut bb, .. } = v { a.m(); bb.n(); }
    let Some(z) = opt() else { return };
    'outer: for i in 0..N { if i > z { break 'outer; } }
    match v { Item::A(ref k) if k.ok() => {}, Item::B { id: 3, .. } => {}, _ => {} }
    let [h, t @ ..] = arr else { return };
    <Item as Trait>::build(h, t);
}
