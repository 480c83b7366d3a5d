package dev.lattice.view

import android.content.Context

// The class body holds a secondary constructor, which a lambda cannot:
// the grammar's misreading of "by events {" as a call with a trailing
// lambda breaks the whole file, and the repair must find the delegation
// in the text.
class HeaderView(
    context: Context,
    private val events: PointerEvents,
) : ViewGroup(context),
    PointerEvents by events {
    constructor(context: Context) : this(context, events = NoPointerEvents())

    private val title = "header"

    fun show() {}
}

// A default value that is a bare identifier is not a property.
data class LoadOptions(
    @Field
    val maxWidth: Int = SIZE_ORIGINAL,
    val maxHeight: Int = SIZE_ORIGINAL,
) : Record
