@file:JvmName("Routing")

package dev.lattice.gateway

import kotlin.collections.List

/** Default timeout in seconds. */
const val DEFAULT_TIMEOUT = 30

val routes: MutableList<Route> = mutableListOf()

var counter = 0
    private set

/**
 * Routes requests to upstream services.
 *
 * @property name the router's name
 */
@Suppress("unused")
open class Router<T : Any>(val name: String, private var limit: Int = 10) : Handler, AutoCloseable {

    /** Handlers by path. */
    private val handlers = mutableMapOf<String, T>()

    val size: Int
        get() = handlers.size

    lateinit var fallback: T

    init {
        require(limit > 0)
    }

    constructor(name: String) : this(name, 10)

    /** Adds a route. */
    @Throws(IllegalStateException::class)
    fun addRoute(path: String,
                 handler: T): Boolean {
        fun local() = path.length
        return handlers.put(path, handler) == null
    }

    open suspend fun <R> dispatch(path: String): R? = null

    override fun close() {}

    inner class Cursor {
        fun next(): T? = null
    }

    companion object {
        /** Makes a default router. */
        fun default(): Router<Any> = Router("default")
        const val VERSION = "1"
    }

    object Metrics {
        var hits = 0L
    }

    fun String.normalize(): String = trim('/')
}

data class Route(val path: String, val method: Method = Method.GET)

sealed class Result {
    data class Ok(val body: String) : Result()
    object Empty : Result()
}

sealed interface Event

enum class Method(val verb: String) {
    /** Reads. */
    GET("get"),
    POST("post") {
        override fun safe() = false
    };

    open fun safe() = true
}

interface Handler {
    val priority: Int
    fun handle(request: Request): Response
}

fun interface Middleware {
    fun apply(next: Handler): Handler
}

annotation class Route2(val path: String)

@JvmInline
value class RouteId(val value: String)

typealias HandlerMap<T> = Map<String, T>

/** Registers [handler] on every router. */
fun registerAll(vararg routers: Router<*>, handler: Any) {
}

/** Whether the path is the root. */
fun String.isRoot(): Boolean = this == "/"

fun <T : Any> Router<T>.mount(prefix: String, other: Router<T>) {}

fun String?.orEmptyPath(): String = this ?: "/"

val String.segments: List<String>
    get() = split('/')

private inline fun <reified T> typeName(): String = T::class.java.name

object Registry : Handler {
    override val priority = 0
    override fun handle(request: Request): Response = TODO()
}

expect fun platformName(): String
