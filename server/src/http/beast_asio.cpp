// Compiles Boost.Asio and Boost.Beast once for the whole program (BOOST_*_SEPARATE_COMPILATION).
#include <boost/asio/impl/src.hpp>
#include <boost/beast/src.hpp>
