defmodule Acme.Cache do
  @moduledoc """
  A cache.
  """
  use GenServer
  alias Acme.Store

  @default_ttl 60

  defstruct [:name, ttl: 60]

  @doc "Starts the cache."
  @spec start_link(keyword) :: GenServer.on_start()
  def start_link(opts \\ []) do
    GenServer.start_link(__MODULE__, opts, name: __MODULE__)
  end

  def get(key), do: Store.get(key)

  defp expired?(%{at: at}, now) when at < now, do: true
  defp expired?(_, _), do: false

  defmacro cached(do: block) do
    quote do: unquote(block)
  end

  defguard is_key(k) when is_binary(k)

  defmodule Entry do
    @moduledoc false
    defstruct key: nil, value: nil
  end

  @impl true
  def handle_call(:get, _from, state) do
    {:reply, state, state}
  end

  def unquote(:"dyn")(), do: 1
end

defprotocol Acme.Size do
  @doc "Size of the thing."
  def size(data)
end

defimpl Acme.Size, for: Map do
  def size(map), do: map_size(map)
end

defmodule Acme.Error do
  @moduledoc false
  defexception [:message]

  @typedoc "A reason."
  @type reason :: :timeout | {:error, term}

  @callback handle(reason) :: :ok

  # Formats the error.
  @impl true
  def message(%{message: m}), do: m

  def format(a), do: a
  def format(a, b), do: a <> b
  def format(a, b, c), do: a <> b <> c
end
