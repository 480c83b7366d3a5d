package dev.lattice.gateway

/** HTTP methods. */
enum Method(val verb: String):
  /** Reads. */
  case Get extends Method("get")
  case Post extends Method("post")

  def safe: Boolean = this == Get
end Method

enum Color:
  case Red, Green, Blue

enum Tree[+A]:
  case Leaf(value: A)
  case Node(left: Tree[A], right: Tree[A])

/** Ordering of routes. */
trait Ord[T]:
  def compare(a: T, b: T): Int

given routeOrd: Ord[Route] with
  def compare(a: Route, b: Route): Int = a.path.compareTo(b.path)

given Ord[Int] with
  def compare(a: Int, b: Int): Int = a - b

given defaultTimeout: Int = 30

/** Path helpers. */
extension (path: String)
  def isRoot: Boolean = path == "/"
  def segments: List[String] = path.split('/').toList

extension [T](xs: List[T]) def second: T = xs(1)

opaque type RouteId = String

object RouteId:
  def apply(s: String): RouteId = s

def topLevel(x: Int): Int =
  x + 1

val version = "3"

@main def run(args: String*): Unit =
  println("hi")
