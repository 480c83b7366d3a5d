#include <vector>
#include "net/client.h"

namespace app {

// Server wraps a net::Client; see Server::run.
template <typename T>
class Server : public Base, private util::Mixin<T> {
public:
    explicit Server(Config cfg) : Base(cfg), port_(cfg.port) {}
    int run(const std::vector<T>& items);
private:
    int port_;
    net::Client client_;
};

template <typename T>
int Server<T>::run(const std::vector<T>& items) {
    auto total = 0;
    for (const auto& it : items) {
        total += score(it) + this->port_;
    }
    net::Client* c = &client_;
    c->connect(kDefaultHost, port_);
    client_.send(std::move(total));
    auto fn = [&](int x, Request r) { return x + r.size() + limit; };
    Buffer buf(128);
    buf.append(items.size());
    std::unique_ptr<Request> req = std::make_unique<Request>(fn(1, {}));
    req->finish();
    helper<T>(total);
    try { flush(); } catch (const IoError& e) { report(e); }
    return util::clamp(total, 0, MAX_TOTAL);
}

}  // namespace app

template <typename... Args>
Wrapper make(Args&&... args) {
    return Wrapper(std::forward<Args>(args)...);
}

bool operator==(const Wrapper& a, const Wrapper& b) { return a.id() == b.id(); }

template <typename T>
void visit(T node, Visitor v) { node.accept(v); v.done(); }

void conditions() {
    if (auto* p = lookup()) { p->run(); }
    while (Node* n = next()) n->go();
    auto g = [c = make()](int y) { return c.z(y); };
    auto w = static_cast<Wide>(g(1));
}
