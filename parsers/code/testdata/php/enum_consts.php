<?php
namespace Lattice;

/** Upstream health. */
enum Health: int
{
    use HasDescription;

    case Up = 1;
    case Down = 0;

    /** The state assumed before a probe. */
    public const DEFAULT = self::Up;
    final protected const string LABEL = 'health';
    const ALIASES = ['ok' => self::Up, 'dead' => self::Down];

    public function isUp(): bool
    {
        return $this === self::Up;
    }

    public static function fromProbe(int $code): self
    {
        return $code < 500 ? self::Up : self::Down;
    }
}

function after_enum() {}
