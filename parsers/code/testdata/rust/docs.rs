//! File-level docs are the crate's, not the first item's.
//! Second line.

/// Doc separated by a blank line still belongs to the item.

fn blank_line_doc() {}

#[inline]
/// Doc between attributes.
#[must_use]
fn between_attrs() -> u8 {
    0
}

// A plain comment directly above is the doc when there is no doc comment.
// It may span lines.
fn plain_doc() {}

// This plain comment is not part of the doc.
/// Only this is.
fn mixed_doc() {}

/**
 * Block doc comment.
 *
 * With a list.
 */
fn block_doc() {}

/** One-line block doc. */
fn one_line_block() {}

//// Four slashes is a plain comment.
fn four_slashes() {}

fn trailing() {} // a trailing comment belongs to the line above

fn after_trailing() {}

#[doc = "Attribute docs count as docs."]
fn doc_attribute() {}

/// Doc of the module.
mod m {
    //! Inner doc of the module.
    //! More inner doc.

    /// First item.
    fn first() {}
}

mod n {
    /*! Block inner doc. */
    fn only() {}
}
