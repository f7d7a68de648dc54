// Open connections per client address and in all: `court serve` refuses a connection beyond the
// client's limit with 503 `too_many_connections`, so one client cannot take every socket the server
// has, and one beyond the server's cap (below its descriptor limit) with 503 `server_full`.
#pragma once

#include <boost/asio/ip/address.hpp>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace court::server {

// What the server counts one client by: an IPv4 address (also when mapped into IPv6), or the /64
// prefix of an IPv6 address, the block one subscriber is usually given.
inline std::string client_key(const boost::asio::ip::address& address) {
  if (address.is_v4()) return address.to_string();
  const auto v6 = address.to_v6();
  if (v6.is_v4_mapped()) return boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, v6).to_string();
  auto bytes = v6.to_bytes();
  for (std::size_t i = 8; i < bytes.size(); ++i) bytes[i] = 0;
  return boost::asio::ip::address_v6(bytes).to_string() + "/64";
}

class ClientLimit : public std::enable_shared_from_this<ClientLimit> {
 public:
  // `limit`: open connections allowed per address; `total`: in all (0: no limit).
  explicit ClientLimit(int limit, int total = 0) : limit_(limit), total_(total) {}
  int limit() const { return limit_; }
  int total() const { return total_; }
  // Connections open now, in all.
  int open() {
    std::lock_guard lock(mutex_);
    return all_;
  }

  // Held for as long as one connection is open; releases its place when destroyed.
  class Slot {
   public:
    Slot() = default;
    Slot(std::shared_ptr<ClientLimit> owner, std::string address)
        : owner_(std::move(owner)), address_(std::move(address)) {}
    Slot(Slot&& other) noexcept = default;
    Slot& operator=(Slot&&) = delete;
    ~Slot() { if (owner_) owner_->release(address_); }

   private:
    std::shared_ptr<ClientLimit> owner_;
    std::string address_;
  };

  // A place for one more connection from `address` (a client_key); nothing when it has `limit` open
  // already (`server_full` false) or the server has `total` (true). `per_address` false: counted in the
  // total only (a trusted proxy's connections are many clients').
  std::optional<Slot> admit(const std::string& address, bool& server_full, bool per_address = true) {
    std::lock_guard lock(mutex_);
    server_full = total_ > 0 && all_ >= total_;
    if (server_full) return std::nullopt;
    int& open = open_[address];
    if (per_address && limit_ > 0 && open >= limit_) return std::nullopt;
    ++open;
    ++all_;
    return Slot(shared_from_this(), address);
  }

 private:
  void release(const std::string& address) {
    std::lock_guard lock(mutex_);
    auto it = open_.find(address);
    if (it != open_.end() && --it->second == 0) open_.erase(it);
    --all_;
  }

  int limit_;
  int total_;
  int all_ = 0;
  std::mutex mutex_;
  std::map<std::string, int> open_;
};

}  // namespace court::server
