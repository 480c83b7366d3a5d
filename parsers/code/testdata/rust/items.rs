//! Items of every kind, outside impl blocks.

use std::collections::HashMap;

/// A point in space.
#[derive(Debug, Clone)]
pub struct Point<T>
where
    T: Copy,
{
    /// Horizontal.
    pub x: T,
    #[allow(dead_code)]
    y: T,
}

/// Wraps a number.
pub struct Meters(pub f64, u8);

pub struct Marker;

/// Shapes.
#[derive(Debug)]
pub enum Shape {
    /// No shape at all.
    Empty,
    Circle(f64),
    Rect { w: f64, h: f64 },
    #[default]
    Other = 7,
}

#[repr(C)]
pub union Bits {
    i: u32,
    f: f32,
}

/// Map alias.
pub type Map<K> = HashMap<K, u32>;

pub const MAX: usize = 64;
const _: () = ();
pub static NAME: &str = "treenav";
static mut COUNTER: u32 = 0;
pub static TABLE: [u8; 4] = [
    1, 2,
    3, 4,
];

/// Squares.
#[macro_export]
macro_rules! square {
    ($x:expr) => {
        $x * $x
    };
}

macro_rules! paren ( () => () );

/// Outer module.
pub mod outer {
    //! Inner doc of outer.

    pub mod inner {
        pub struct Deep;

        pub fn deep() -> Deep {
            Deep
        }
    }

    pub(crate) fn helper() {}
}

mod elsewhere;

extern "C" {
    /// From libc.
    fn abs(x: i32) -> i32;
    static errno: i32;
}

/// Adds.
pub fn add(a: i32, b: i32) -> i32 {
    a + b
}

pub(crate) async unsafe fn fancy<'a, T: AsRef<str>>(
    x: &'a T,
    n: usize,
) -> impl Iterator<Item = &'a str> + 'a
where
    T: 'a,
{
    std::iter::once(x.as_ref())
}

pub const fn konst() -> u32 {
    1
}

extern "C" fn callback(x: i32) -> i32 {
    x
}

fn with_locals() {
    struct Local {
        v: u8,
    }
    fn nested() {}
    const LIMIT: u32 = 3;
    let _ = Local { v: 0 };
    let _c = |x: u8| x;
}
