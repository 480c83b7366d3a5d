#!/usr/bin/env ruby
# Value objects and metaprogramming forms that define names.

module Lattice
  # A host and port pair.
  Endpoint = Struct.new(:host, :port) do
    def to_s = "#{host}:#{port}"
  end

  Coordinates = Data.define(:lat, :lng)

  # Raised when no route matches.
  NotFound = Class.new(StandardError)

  Helpers = Module.new do
    def self.slug(s) = s.downcase
  end

  Auth::TTL = 60

  class Handler
    %w[get post].each do |verb|
      define_method("on_#{verb}") { |path| path }
    end

    define_method(:call) { |env| env }

    alias_method :perform, :call
    alias run call
  end

  def Helpers.camel(s)
    s.capitalize
  end
end

=begin
A documented function, the old way.
=end
def legacy; end

obj = Object.new
def obj.greet = "hi"

describe Lattice::Handler do
  it "calls" do
    expect(1).to eq(1)
  end

  def helper_in_spec; end
end
