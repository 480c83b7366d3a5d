#pragma once
#include <string>

namespace net {

class Conn {
public:
    virtual void send(int n);
};

class Client : public Conn {
public:
    Client(int port);
    void send(int n) override;
    void flush();
private:
    int port_;
};

void connect(Client& c);

}  // namespace net

namespace net {
int clamp(int x);
int clamp(int x, int lo, int hi = 10);
}
