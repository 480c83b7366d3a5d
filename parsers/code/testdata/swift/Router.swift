import Foundation

/// Default timeout in seconds.
let defaultTimeout = 30

var routeCount = 0

/// Routes requests to upstream services.
///
/// - Parameter name: the router's name
@available(macOS 10.15, *)
public final class Router<T>: Handler, CustomStringConvertible where T: Equatable {
    /// Handlers by path.
    private var handlers: [String: T] = [:]

    public let name: String

    static let shared = Router<Int>(name: "shared")

    /// A computed property.
    public var description: String {
        return "Router(\(name))"
    }

    var limit: Int {
        get { handlers.count }
        set { print(newValue) }
    }

    var observed: Int = 0 {
        didSet { print(oldValue) }
    }

    lazy var cache = [String: T]()

    /// Makes a router.
    public init(name: String) {
        self.name = name
    }

    convenience init?(json: [String: Any]) {
        return nil
    }

    deinit {
        print("bye")
    }

    /// Adds a route.
    @discardableResult
    public func addRoute(_ path: String,
                         handler: T) -> Bool {
        func local() -> Int { 1 }
        return handlers.updateValue(handler, forKey: path) == nil
    }

    public subscript(path: String) -> T? {
        get { handlers[path] }
        set { handlers[path] = newValue }
    }

    static func + (lhs: Router, rhs: Router) -> Router { lhs }

    class func make() -> Self { fatalError() }

    struct Config {
        var timeout: Double
    }

    enum State { case idle, running }
}

/// Conformance to Equatable.
extension Router: Equatable {
    public static func == (lhs: Router, rhs: Router) -> Bool { lhs.name == rhs.name }

    /// Removes every route.
    public func reset() {}

    var isEmpty: Bool { handlers.isEmpty }

    convenience init() { self.init(name: "default") }
}

extension String {
    /// Whether the path is the root.
    var isRoot: Bool { self == "/" }

    func segments() -> [Substring] { split(separator: "/") }
}

extension Array where Element == Route {
    func paths() -> [String] { map { $0.path } }
}

/// A route.
public struct Route: Hashable, Codable {
    let path: String
    var method: Method = .get
}

public enum Method: String, CaseIterable {
    /// Reads.
    case get = "GET"
    case post, put
    case custom(String)

    var safe: Bool { self == .get }
}

indirect enum Tree<T> {
    case leaf(T)
    case node(Tree, Tree)
}

/// Handles requests.
public protocol Handler: AnyObject {
    associatedtype Output
    var priority: Int { get }
    func handle(_ request: Request) async throws -> Response
    init(config: Config)
    subscript(index: Int) -> Output { get }
    static func make() -> Self
}

actor Counter {
    private var value = 0
    func increment() -> Int { value += 1; return value }
}

typealias HandlerMap<T> = [String: T]

/// Registers a handler.
@MainActor
func register<T: Handler>(_ handler: T, on router: Router<T>) async throws {
}

prefix operator √
precedencegroup Exponent { associativity: right }
