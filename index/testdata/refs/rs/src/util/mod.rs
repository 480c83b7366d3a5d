pub fn helper() {}

pub fn clamp(x: u32) -> u32 {
    x
}

pub mod inner {
    pub fn connect() {}
}

pub struct Server;

impl Server {
    pub fn new() -> Self {
        Server
    }

    pub fn send(&self) {
        crate::net::connect();
        inner::connect();
    }
}

pub trait Sender {
    fn send(&self);
}

impl Sender for crate::net::Client {
    fn send(&self) {}
}
