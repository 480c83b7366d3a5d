#include "client.h"

namespace net {

Client::Client(int port) : Conn(), port_(port) {}

void Client::send(int n) {
    flush();
    this->flush();
    port_ = n;
}

void Client::flush() {}

void connect(Client& c) {
    c.send(1);
}

}  // namespace net
