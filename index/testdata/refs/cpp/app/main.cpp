#include "../net/client.h"

namespace app {

class Server {
public:
    void send(int n) { conn_.send(n); }
    void flush() {}
private:
    net::Conn conn_;
};

int run() {
    net::Client c(80);
    c.send(1);
    net::connect(c);
    auto s = new Server();
    s->send(2);
    Server t;
    t.flush();
    return net::clamp(1) + net::clamp(1, 2) + net::clamp(1, 2, 3);
}

}  // namespace app
