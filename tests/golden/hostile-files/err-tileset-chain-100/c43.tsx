<?xml version="1.0"?>
<tileset name="c43"><tileset/><tileset firstgid="9" source="c44.tsx"/></tileset>
