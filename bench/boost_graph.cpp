// boost_graph.cpp - the graph benchmark's other side: the Boost Graph
// Library answering a DIMACS .p2p file's queries on its .gr and .co, with
// dijkstra_shortest_paths stopped at the target or astar_search with the
// straight-line heuristic, on a compressed_sparse_row_graph.  Prints one
// cost a query, in file order ("-" when none), to compare with astar's.
// The load and the queries' times go to standard error.
// Not part of the build (Debian's libboost-graph-dev):
//   g++ -O2 -o boost_graph bench/boost_graph.cpp
//   boost_graph dijkstra|astar FILE.gr FILE.co FILE.p2p
#include <boost/graph/astar_search.hpp>
#include <boost/graph/compressed_sparse_row_graph.hpp>
#include <boost/graph/dijkstra_shortest_paths.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

struct Arc {
	double weight;
};
typedef boost::compressed_sparse_row_graph<boost::directedS,
                                           boost::no_property, Arc>
	Graph;
typedef boost::graph_traits<Graph>::vertex_descriptor Vertex;

struct Found {};

// Stops Dijkstra when the target is taken off the queue.
struct StopAt : boost::default_dijkstra_visitor {
	Vertex t;
	explicit StopAt(Vertex t) : t(t) {}
	void examine_vertex(Vertex u, const Graph &) const
	{
		if (u == t)
			throw Found();
	}
};

struct StopAtA : boost::default_astar_visitor {
	Vertex t;
	explicit StopAtA(Vertex t) : t(t) {}
	void examine_vertex(Vertex u, const Graph &) const
	{
		if (u == t)
			throw Found();
	}
};

struct Line : boost::astar_heuristic<Graph, double> {
	const std::vector<double> *x, *y;
	Vertex t;
	Line(const std::vector<double> *x, const std::vector<double> *y, Vertex t)
		: x(x), y(y), t(t) {}
	double operator()(Vertex u) const
	{
		return std::hypot((*x)[u] - (*x)[t], (*y)[u] - (*y)[t]);
	}
};

int main(int argc, char **argv)
{
	if (argc != 5)
		return std::fprintf(stderr, "usage: boost_graph dijkstra|astar "
		                            "FILE.gr FILE.co FILE.p2p\n"), 2;
	bool astar = std::strcmp(argv[1], "astar") == 0;
	std::ifstream gr(argv[2]), co(argv[3]), p2p(argv[4]);
	std::vector<std::pair<size_t, size_t> > edges;
	std::vector<Arc> props;
	std::vector<double> xs, ys;
	std::vector<std::pair<size_t, size_t> > queries;
	std::string line;
	size_t n = 0;
	auto t0 = std::chrono::steady_clock::now();

	while (std::getline(gr, line)) {
		if (line.empty() || line[0] == 'c')
			continue;
		std::istringstream s(line);
		char k;
		s >> k;
		if (k == 'p') {
			std::string sp;
			size_t m;
			s >> sp >> n >> m;
			edges.reserve(m);
			props.reserve(m);
		} else if (k == 'a') {
			size_t u, v;
			Arc a;
			s >> u >> v >> a.weight;
			edges.push_back(std::make_pair(u - 1, v - 1));
			props.push_back(a);
		}
	}
	xs.resize(n);
	ys.resize(n);
	while (std::getline(co, line)) {
		if (line.empty() || line[0] != 'v')
			continue;
		std::istringstream s(line);
		char k;
		size_t id;
		s >> k >> id;
		s >> xs[id - 1] >> ys[id - 1];
	}
	while (std::getline(p2p, line)) {
		if (line.empty() || line[0] != 'q')
			continue;
		std::istringstream s(line);
		char k;
		size_t a, b;
		s >> k >> a >> b;
		queries.push_back(std::make_pair(a - 1, b - 1));
	}
	Graph g(boost::edges_are_unsorted_multi_pass, edges.begin(), edges.end(),
	        props.begin(), n);
	auto t1 = std::chrono::steady_clock::now();
	std::vector<double> dist(n);
	std::vector<Vertex> pred(n);
	std::vector<double> rank(n);
	boost::typed_identity_property_map<Vertex> id;
	auto dmap = boost::make_iterator_property_map(dist.begin(), id);
	auto pmap = boost::make_iterator_property_map(pred.begin(), id);
	auto rmap = boost::make_iterator_property_map(rank.begin(), id);
	for (size_t q = 0; q < queries.size(); q++) {
		Vertex s = queries[q].first, t = queries[q].second;
		bool found = false;
		try {
			if (astar)
				boost::astar_search(
					g, s, Line(&xs, &ys, t),
					boost::weight_map(boost::get(&Arc::weight, g))
						.predecessor_map(pmap)
						.distance_map(dmap)
						.rank_map(rmap)
						.visitor(StopAtA(t)));
			else
				boost::dijkstra_shortest_paths(
					g, s,
					boost::weight_map(boost::get(&Arc::weight, g))
						.predecessor_map(pmap)
						.distance_map(dmap)
						.visitor(StopAt(t)));
		} catch (Found &) {
			found = true;
		}
		if (found)
			std::printf("%.0f\n", dist[t]);
		else
			std::printf("-\n");
	}
	auto t2 = std::chrono::steady_clock::now();
	std::fprintf(stderr, "load %.3f s, queries %.3f s\n",
	             std::chrono::duration<double>(t1 - t0).count(),
	             std::chrono::duration<double>(t2 - t1).count());
	return 0;
}
