<?php

declare(strict_types=1);

/**
 * HTTP routing for the gateway.
 */
namespace Lattice\Http;

use Lattice\Auth\Token;
use Psr\Log\LoggerInterface;

/**
 * Routes requests to upstream handlers.
 */
#[Attribute(Attribute::TARGET_CLASS)]
final class Router extends Base implements RouterInterface, \Countable
{
    use LoggesRequests, Timed {
        Timed::start as startTimer;
    }

    /** Default request timeout in seconds. */
    public const DEFAULT_TIMEOUT = 30, MAX_ROUTES = 1024;

    /** @var array<string, callable> */
    private static array $routes = [], $aliases;

    protected readonly int $timeout;

    /**
     * Makes a router.
     */
    public function __construct(
        private LoggerInterface $logger,
        public readonly string $name = 'default',
        int $timeout = 5,
    ) {
        $this->timeout = $timeout;
    }

    #[Pure]
    public static function build(string ...$args): static
    {
        return new static(...$args);
    }

    abstract protected function handle(Request $request): ?Response;

    public function count(): int
    {
        return \count(self::$routes);
    }
}

interface RouterInterface extends \Countable
{
    const VERSION = '2';

    /** Adds a route. */
    public function add(string $path, callable $handler): void;
}

trait LoggesRequests
{
    public ?LoggerInterface $log = null;

    public function logRequest(Request $r): void {}
}

enum Method: string implements HasLabel
{
    case Get = 'GET';
    case Post = 'POST';

    public function label(): string
    {
        return ucfirst(strtolower($this->value));
    }
}

/** Normalizes a route path. */
function normalize(string $path, bool &$changed = null): string
{
    if (!function_exists('inner')) {
        function inner(): void {}
    }
    return '/' . trim($path, '/');
}

const ROUTER_VERSION = '2.4';
define('LATTICE_ROUTER', true);

namespace Lattice\Admin;

class Dashboard
{
    public function show() {}
}

$handler = new class extends Base {
    public function handle() {}
};
