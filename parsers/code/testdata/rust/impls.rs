use std::fmt;

/// A counter.
pub struct Counter<T> {
    n: T,
}

impl<T: Default> Counter<T> {
    /// Associated constant.
    pub const START: u32 = 0;

    /// Makes a counter.
    pub fn new() -> Self {
        Counter { n: T::default() }
    }

    fn bump(&mut self) {}
}

impl fmt::Display for Counter<u32> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.n)
    }
}

/// Things that count.
pub trait Count: Sized {
    /// What is counted.
    type Item;
    const ZERO: usize = 0;

    /// Required.
    fn count(&self) -> usize;

    /// Provided.
    fn is_empty(&self) -> bool {
        self.count() == 0
    }
}

impl<'a, T> Count for &'a Counter<T>
where
    T: Copy,
{
    type Item = T;

    fn count(&self) -> usize {
        1
    }
}

// The type is defined in another file.
impl crate::model::Registry {
    pub fn register(&mut self) {}
}

impl<T> Count for Vec<T> {
    type Item = T;
    fn count(&self) -> usize {
        self.len()
    }
}

impl Count for [u8] {
    type Item = u8;
    fn count(&self) -> usize {
        self.len()
    }
}

impl dyn Count<Item = u8> {
    fn boxed_count(&self) -> usize {
        0
    }
}

impl<T: Count> Helper for T {}

// The impl comes before its type.
impl Later {
    fn early(&self) {}
}

struct Later;

mod shapes {
    pub struct Square;

    impl Square {
        pub fn side(&self) -> f64 {
            1.0
        }
    }
}

mod more {
    impl super::shapes::Square {
        pub fn area(&self) -> f64 {
            1.0
        }
    }
}

fn local_impls() {
    struct Tmp;
    impl Tmp {
        fn go(&self) {
            fn inner_helper() {}
        }
    }
}

unsafe impl Send for Counter<u8> {}
