pub struct Client {
    pub port: u16,
}

impl Client {
    pub fn new() -> Self {
        Client { port: 0 }
    }

    pub fn send(&self) {
        self.flush();
        let parse = self.port;
        parse();
    }

    fn flush(&self) {}

    pub fn close(&self) {}
}

pub fn connect() {
    parse();
}

fn parse() {}
