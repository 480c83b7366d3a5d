mod net;
pub mod util;
use crate::net::Client;
use util::{helper as assist, *};

/// Runs a [`Client`] and calls net::connect.
pub fn run() -> u32 {
    let c = Client::new();
    c.send();
    net::connect();
    assist();
    parse();
    let s = util::Server::new();
    s.send();
    clamp(1)
}

fn parse() {}

/// A method on a value of unknown type is never more than ambiguous.
pub fn relay(items: Vec<Client>) {
    items[0].close();
}

#[cfg(test)]
mod tests {
    #[test]
    fn runs() {
        super::run();
    }
}
