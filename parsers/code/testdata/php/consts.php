<?php
namespace App;

final class Image
{
    /** image types: the values are constants too, not names */
    public const
        JPEG = IMAGETYPE_JPEG,
        PNG = IMAGETYPE_PNG,
        AVIF = 19;

    const DEFAULT = self::JPEG;
}
