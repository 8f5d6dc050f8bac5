<?xml version="1.0"?>
<tileset name="c40"><tileset/><tileset firstgid="9" source="c41.tsx"/></tileset>
