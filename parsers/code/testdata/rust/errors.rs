/// Before the error.
pub struct Good {
    a: u32,
}

fn broken( {
    let x = ;
}

impl Good {
    pub fn still_here(&self) -> u32 {
        self.a
    }
}

pub fn after() -> u32 {
    1 +
}

enum Tail { A, B
