// Open connections per client address: `court serve` refuses a connection beyond the limit with
// 503 `too_many_connections`, so one client cannot take every socket the server has.
#pragma once

#include <boost/asio/ip/address.hpp>
#include <map>
#include <memory>
#include <mutex>
#include <optional>

namespace court::server {

class ClientLimit : public std::enable_shared_from_this<ClientLimit> {
 public:
  // `limit`: open connections allowed per address (0: no limit).
  explicit ClientLimit(int limit) : limit_(limit) {}
  int limit() const { return limit_; }

  // Held for as long as one connection is open; releases its place when destroyed.
  class Slot {
   public:
    Slot() = default;
    Slot(std::shared_ptr<ClientLimit> owner, boost::asio::ip::address address)
        : owner_(std::move(owner)), address_(std::move(address)) {}
    Slot(Slot&& other) noexcept = default;
    Slot& operator=(Slot&&) = delete;
    ~Slot() { if (owner_) owner_->release(address_); }

   private:
    std::shared_ptr<ClientLimit> owner_;
    boost::asio::ip::address address_;
  };

  // A place for one more connection from `address`; nothing when it has `limit` open already.
  std::optional<Slot> admit(const boost::asio::ip::address& address) {
    if (limit_ <= 0) return Slot();
    std::lock_guard lock(mutex_);
    int& open = open_[address];
    if (open >= limit_) return std::nullopt;
    ++open;
    return Slot(shared_from_this(), address);
  }

 private:
  void release(const boost::asio::ip::address& address) {
    std::lock_guard lock(mutex_);
    auto it = open_.find(address);
    if (it != open_.end() && --it->second == 0) open_.erase(it);
  }

  int limit_;
  std::mutex mutex_;
  std::map<boost::asio::ip::address, int> open_;
};

}  // namespace court::server
