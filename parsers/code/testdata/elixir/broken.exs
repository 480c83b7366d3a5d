defmodule Broken do
  def ok(x), do: x

  def bad(x do
    x +
  end

  defp after_bad, do: :ok
end

test "adds" do
  assert 1 + 1 == 2
end
