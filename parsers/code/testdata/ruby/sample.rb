# frozen_string_literal: true

# Lattice is the gateway's namespace.
module Lattice
  VERSION = "2.4.1"
  DEFAULT_PORT, ADMIN_PORT = 8080, 9090

  # Routes requests to upstream handlers.
  #
  # Reopened below to add metrics.
  class Router < Base
    include Enumerable

    # The registered routes, in insertion order.
    attr_reader :routes, :name
    attr_accessor :timeout
    attr_writer "strategy"

    # Builds a router.
    def initialize(name, timeout: 5, **opts)
      @name = name
      @routes = []
    end

    # Shortcut for Router.new(...).tap(&:freeze).
    def self.build(*args, &blk) = new(*args).tap(&:freeze)

    def add_route(path,
                  handler)
      @routes << [path, handler]
    end

    class << self
      # The process-wide router.
      def instance
        @instance ||= new("default")
      end

      attr_accessor :registry
    end

    private def secret; end

    private_class_method def self.reset!
      @instance = nil
    end

    protected

    def ==(other) = other.is_a?(Router) && other.name == name

    def [](path) routes.assoc(path) end

    def empty? = routes.empty?
  end

  # Token issuance lives in a nested namespace.
  module Auth
    class Token
      def refresh; end
    end
  end
end

class Lattice::Auth::Token
  # Reopened with a compact name.
  def expired?
    false
  end
end

module Lattice
  class Router
    def metrics; end
  end
end

def top_level(a, b = 1)
  a + b
end
