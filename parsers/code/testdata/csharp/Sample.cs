using System;
using System.Collections.Generic;

namespace Lattice.Gateway
{
    /// <summary>
    /// Routes requests to upstream services.
    /// </summary>
    [Serializable]
    [Obsolete("use Router2")]
    public partial class Router<T> : IRouter, IDisposable where T : class
    {
        /// <summary>The default timeout.</summary>
        public const int DefaultTimeout = 30;

        private static readonly string Prefix = "/api", Suffix = "";

        private int count;

        // Raised when a route is added.
        public event EventHandler<RouteEventArgs> RouteAdded;

        public event EventHandler Changed
        {
            add { changed += value; }
            remove { changed -= value; }
        }

        /// <summary>Number of routes.</summary>
        public int Count { get; private set; }

        public string Name
        {
            get => name;
            set
            {
                name = value;
            }
        }

        public bool IsEmpty => count == 0;

        public T this[int index] => items[index];

        /// <summary>Makes a router.</summary>
        public Router(int capacity) : base()
        {
            count = capacity;
        }

        static Router() { }

        ~Router() { }

        /// <summary>Adds a route.</summary>
        /// <param name="path">The path.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public async Task<bool> AddRoute(string path,
                                         Func<Request, Task> handler)
        {
            int Local(int x) => x + 1;
            return await Task.FromResult(true);
        }

        public abstract void Reset();

        void IDisposable.Dispose() { }

        public static Router<T> operator +(Router<T> a, Router<T> b) => a;

        public static implicit operator string(Router<T> r) => r.Name;

        public delegate void RouteHandler(Request request);

        private class Node
        {
            public Node Next;
        }
    }

    public partial class Router<T>
    {
        partial void OnAdded(string path);
    }

    public interface IRouter
    {
        bool AddRoute(string path);
        int Count { get; }
        event EventHandler Changed;
    }

    public struct Point
    {
        public int X, Y;
    }

    public enum Method : byte
    {
        /// <summary>GET</summary>
        Get = 1,
        Post,
        [Obsolete] Put,
    }

    public record Route(string Path, Method Method);

    public record struct Span(int Start, int End)
    {
        public int Length => End - Start;
    }

    public readonly record struct Pair<A, B>(A First, B Second);
}

namespace Lattice.Gateway.Extensions;

/// <summary>Extension methods.</summary>
public static class RouterExtensions
{
    public static bool IsRoot(this string path) => path == "/";
}

public delegate Task Middleware<in TContext>(TContext context, Func<Task> next);

public class Tensor<T> : IList<T>
{
    int ICollection<T>.Count => Length;
    T IList<T>.this[int index] { get => default; set { } }
    event EventHandler INotify.Changed { add { } remove { } }
}
