// Conditional compilation around an attribute: the grammar does not take
// a directive between an attribute and its class, and the repair must not
// lose the #else branches of the other conditionals for it.
using System;
#if LEGACY
using Hash = System.Collections.Hashtable;
#else
using Hash = System.Collections.Generic.Dictionary<string, string>;
#endif

namespace Sample
{
#if UNITY_2018_3_OR_NEWER
    [Obsolete("Use the new client")]
#endif
    public static class Client
    {
        #region Requests
        public static string Get(string url) => url;
        #endregion

#if LEGACY
        static Hash Merge(Hash a, Hash b)
        {
            return a;
        }
#else
        static Hash MergeHash(Hash a, Hash b)
        {
            return b;
        }
#endif
    }
}
