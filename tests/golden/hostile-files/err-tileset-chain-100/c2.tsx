<?xml version="1.0"?>
<tileset name="c2"><tileset/><tileset firstgid="9" source="c3.tsx"/></tileset>
