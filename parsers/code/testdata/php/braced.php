<?php
namespace Lattice\Auth {
    /** A signed token. */
    class Token
    {
        public function __construct(private string $raw) {}
    }
}

namespace {
    function global_helper() {}
}
