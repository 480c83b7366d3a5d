/** The module. */
@Deprecated
open module com.example.app {
    requires java.base;
    exports com.example.api;
}
