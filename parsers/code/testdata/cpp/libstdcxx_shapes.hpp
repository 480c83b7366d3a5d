// Shapes from libstdc++ and other headers that the grammar misreads
// unless the preprocessing step or cFixup helps (cmd/fidelity found them).
namespace std _GLIBCXX_VISIBILITY(default)
{
_GLIBCXX_BEGIN_NAMESPACE_VERSION

  template<typename _TraitsT>
    struct _NFA
    : _NFA_base, _GLIBCXX_STD_C::vector<int>
    {
      // A class in capitals: its constructor is not a macro call.
      _NFA(const typename _TraitsT::locale_type& __loc, _FlagT __flags)
      : _NFA_base(__flags)
      { }

      inline
      PB_DS_TREE_CONST_IT_C_DEC&
      operator=(const PB_DS_TREE_CONST_IT_C_DEC& other)
      { return *this; }

      _GLIBCXX_NODISCARD _GLIBCXX20_CONSTEXPR
      operator bool() const _GLIBCXX_NOEXCEPT
      { return true; }

      [[nodiscard]] constexpr operator int() const { return 0; }

      template<typename _Up, typename... _Args>
	static _GLIBCXX20_CONSTEXPR void
	construct(_NFA& __a __attribute__((__unused__)), _Up* __p,
		  _Args&&... __args)
	{ }

      template<typename _Kt>
	auto
	contains(const _Kt& __x) const
	-> decltype(_M_t._M_find_tr(__x), void(), true)
	{ return true; }

      template<typename _Up>
        inline friend void
        swap(_NFA<_Up>&, _NFA<_Up>&);

      template<typename _Up>
        inline friend bool
        operator==(const _NFA& __lhs, _Up* __rhs)
        { return false; }

      int _M_i _GLIBCXX20_INIT({});
    };

  template<int __s>
    struct _Select_uint_least_t
    { __extension__ using type = unsigned __int128; };

  extern template class allocator<char>;
  extern template
    const codecvt<char, char, mbstate_t>&
    use_facet<codecvt<char, char, mbstate_t> >(const locale&);
  template
    bool
    has_facet<codecvt<char, char, mbstate_t> >(const locale&);

  template <class _CharT, class _Alloc>
    inline _Rope_char_ref_proxy<_CharT, _Alloc>::
    operator _CharT() const
    { return _CharT(); }

  _GLIBCXX17_INLINE constexpr error_type error_collate(_S_error_collate);

  template<typename _Tp>
    __detail::_Bitmap_counter<int>
    bitmap_allocator<_Tp>::_S_last_request(_S_mem_blocks);

  template<typename _Tp>
    void
    __local_alias(_Tp __x)
    {
      using _Vt = typename _Tp::value_type;
      typedef _Vt _Wt;
    }

_GLIBCXX_END_NAMESPACE_CONTAINER

  // Fill a partial word.
  _GLIBCXX20_CONSTEXPR
  inline void
  __fill_bvector(int* __v, bool __x) _GLIBCXX_NOEXCEPT
  { }

  // A run of macro calls that leads no declaration.
  _GCC_CXX_POINTER_COMPARISON_OPERATION_SET(==)
  _GCC_CXX_POINTER_COMPARISON_OPERATION_SET(!=)

  template<typename _Tp>
    inline bool
    operator==(const _Pointer_adapter<_Tp>& __lhs, int __rhs)
    { return false; }

_GLIBCXX_END_NAMESPACE_VERSION
} // namespace std
