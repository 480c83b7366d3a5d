//! Items inside item-position macro invocations are parsed again.

macro_rules! cfg_rt {
    ($($item:item)*) => { $( #[cfg(feature = "rt")] $item )* };
}

cfg_rt! {
    /// Spawns a task.
    pub fn spawn() {}

    pub struct Runtime {
        workers: usize,
    }
}

pub struct Handle;

impl Handle {
    pub fn enter(&self) {}

    cfg_rt! {
        /// Only with the runtime.
        pub fn block_on(&self) {}

        const LIMIT: usize = 8;
    }
}

cfg_if! {
    if #[cfg(unix)] {
        mod unix;
        pub struct Platform;
    } else {
        cfg_rt! {
            fn fallback() {}
        }
    }
}

lazy_static! {
    static ref TABLE: Vec<u8> = vec![1, 2];
}

bitflags! {
    /// Open flags.
    pub struct Flags: u32 {
        const READ = 0b01;
        const WRITE = 0b10;
    }
}

ast_struct! {
    /// A free function.
    pub struct ItemFn #full {
        pub attrs: Vec<Attribute>,
        pub vis: Visibility,
    }
}

DEFINE_GUID! {IID_IUnknown, 0x00000000, 0x0000, 0x0000, 0xc0, 0x00}

mod tests {
    quickcheck! {
        fn prop_len(xs: Vec<u8>) -> bool {
            xs.len() < 10
        }
    }
}

fn body() {
    // A macro whose body starts with an item defines it, here too;
    // expression macros are not item lists.
    thread_local! {
        static LOCAL: u8 = 0;
    }
    let v = vec![1, 2];
    println!("{:?}", v);
}
