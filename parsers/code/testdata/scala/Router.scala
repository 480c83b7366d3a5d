package dev.lattice
package gateway

import scala.collection.mutable

/** Routes requests to upstream services.
  *
  * @param name the router's name
  */
@deprecated("use Router2", "1.0")
class Router[T](val name: String, limit: Int = 10) extends Handler with AutoCloseable {

  /** Handlers by path. */
  private val handlers = mutable.Map.empty[String, T]

  var fallback: Option[T] = None

  lazy val size: Int = handlers.size

  def this(name: String) = this(name, 10)

  /** Adds a route. */
  @throws[IllegalStateException]
  def addRoute(path: String,
               handler: T): Boolean = {
    def local(x: Int) = x + 1
    handlers.put(path, handler).isEmpty
  }

  override def close(): Unit = ()

  type Key = String

  private[gateway] def dispatch[R](path: String)(implicit ev: R =:= T): Option[R] = None
}

/** Companion. */
object Router {
  val DefaultTimeout = 30
  def apply[T](name: String): Router[T] = new Router(name)
  implicit def fromString(s: String): Router[Any] = Router(s)
}

case class Route(path: String, method: Method = Method.Get)

case object NotFound

sealed trait Result
final case class Ok(body: String) extends Result

trait Handler {
  def priority: Int
  def handle(request: Request): Response
  val name: String
  type Out <: AnyRef
}

abstract class Base(val id: Int)

implicit class RichPath(val path: String) extends AnyVal {
  def isRoot: Boolean = path == "/"
}

package object util {
  def helper(): Unit = ()
}

package internal {
  class Hidden
}
